import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { staffDesk as openStaffDesk, type StaffMember } from './journeys.ts';
import { Mailbox } from './mailbox.ts';
import { AppServer } from './server.ts';

let visitorCount = 1;

type WorkerFixtures = { server: AppServer; mailbox: Mailbox };
type TestFixtures = {
  /** Console errors a test expects (for example the browser's note about a 404 document). */
  allowedConsoleErrors: RegExp[];
  /** Fails the test on any console error or CSP violation in the page. */
  consoleErrors: string[];
  checkA11y: (page: Page) => Promise<void>;
  /**
   * Opens a staff member's desk on this worker's server (staffDesk in journeys.ts): a browser of their own,
   * signed in on the console. Each desk still open when the test ends is closed then.
   */
  staffDesk: (who: StaffMember, viewport?: { width: number; height: number }) => Promise<Page>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  mailbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mailbox = new Mailbox();
      await mailbox.start();
      await use(mailbox);
      await mailbox.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ mailbox }, use) => {
      // Reminder passes every 2 s: a spec that backdates a request sees the scheduler act within seconds.
      const server = new AppServer({
        SMTP_URL: mailbox.url,
        TRUST_PROXY: '1',
        REMINDER_INTERVAL_SECONDS: '2',
      });
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  // Each test is its own visitor: a client address of its own (the app trusts one proxy hop here), so the
  // per-address rate limits (30 registrations an hour, …) hold for every test as they would for a person,
  // instead of counting the whole suite as one address.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = testInfo.workerIndex * 10_000 + visitorCount++;
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        if (msg.type() === 'error' && !allowedConsoleErrors.some((re) => re.test(text))) {
          errors.push(`${text} (at ${page.url()})`);
        }
      });
      page.on('pageerror', (err) => errors.push(`${err.message} (at ${page.url()})`));
      await use(errors);
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  checkA11y: async ({}, use) => {
    await use(async (page) => {
      // Colours are read as painted: a dialog still fading in, or an overlay fading out, blends what is under
      // it and reads as low contrast. Wait for the page's finite animations and transitions to end (a spinner's
      // endless one is left running); past 5 s, scan as it is.
      await page
        .waitForFunction(
          () =>
            document
              .getAnimations()
              .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
          undefined,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      );
      expect(summary, 'axe-core violations').toEqual([]);
    });
  },
  staffDesk: async ({ browser, server, mailbox }, use) => {
    const desks: Page[] = [];
    await use(async (who, viewport) => {
      const desk = await openStaffDesk({ browser, server, mailbox }, who, viewport);
      desks.push(desk);
      return desk;
    });
    for (const desk of desks) await desk.context().close();
  },
});

export { expect };
export type { Page } from '@playwright/test';
