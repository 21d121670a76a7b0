import { eq, sessions, users } from '@taxfirm/db';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test, type Page } from '../../support/fixtures.ts';
import type { Mailbox } from '../../support/mailbox.ts';
import {
  apiPost,
  clientIdOf,
  loginThroughPanel,
  PASSWORD,
  setFileStatus,
  verifiedAccount,
} from '../../support/portal.ts';
import { confirmItIsYou } from '../../support/profile.ts';
import { codeFor } from '../../support/staff.ts';
import { asFirmOwner, changeSiteSettings } from '../../support/staff-sessions.ts';

const EMAIL = 'years@example.com';

/** A one-page PDF saying what it is (padded: the upload rules refuse files under a kilobyte). */
async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 72, y: 720, size: 16, font });
  for (let y = 680; y > 80; y -= 14) page.drawText('.'.repeat(90), { x: 72, y, size: 8, font });
  return Buffer.from(await doc.save());
}

/** A call from the signed-in page, expecting 200: answers the body. */
async function clientCall(page: Page, path: string, body: unknown) {
  const res = await apiPost(page, path, body);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * This season as the firm works it: the owner publishes the tax summary and puts up Form 8879 with the full
 * return, and the client signs it (the calls the Sign page makes). Answers the tax year.
 */
async function aSignedSeason(page: Page, mailbox: Mailbox, server: Parameters<typeof setFileStatus>[0]) {
  const clientId = await server.withDatabase((db) => clientIdOf(db, EMAIL));
  await setFileStatus(server, EMAIL, 'Pre-Synopsys Pending');
  await asFirmOwner(
    server,
    'staff/summaries/upload',
    {
      client_id: clientId,
      title: 'Federal tax summary',
      summary: { name: 'federal-summary.pdf', mimeType: 'application/pdf', buffer: await pdf('Tax summary') },
    },
    { multipart: true },
  );
  const { summaries } = (await asFirmOwner(server, 'staff/summaries/list', { client_id: clientId })) as {
    summaries: { summary_id: string }[];
  };
  await asFirmOwner(server, 'staff/summaries/publish', { summary_id: summaries[0]?.summary_id });
  await setFileStatus(server, EMAIL, 'Confirmation Pending');
  await asFirmOwner(
    server,
    'staff/signatures/create',
    {
      client_id: clientId,
      kind: '8879',
      title: 'Form 8879',
      signers: 'taxpayer',
      document: { name: 'form-8879.pdf', mimeType: 'application/pdf', buffer: await pdf('Form 8879') },
      return: { name: 'return-1040.pdf', mimeType: 'application/pdf', buffer: await pdf('Form 1040') },
    },
    { multipart: true },
  );

  // The client opens the form and the return, proves it is them, and signs with the e-mailed code.
  await clientCall(page, 'account/stepup', { password: PASSWORD });
  const { documents } = (await clientCall(page, 'account/signatures/list', {})) as {
    documents: { document_id: string; tax_year: number }[];
  };
  const document = documents[0];
  if (!document) throw new Error('no document to sign');
  for (const part of ['document', 'return']) {
    const { url } = (await clientCall(page, 'account/signatures/open', {
      document_id: document.document_id,
      part,
    })) as { url: string };
    expect((await page.request.get(url)).status()).toBe(200);
  }
  const since = mailbox.received.length;
  await clientCall(page, 'account/signatures/code', { document_id: document.document_id });
  await clientCall(page, 'account/signatures/sign', {
    document_id: document.document_id,
    code: await codeFor(mailbox, EMAIL, since, /signing code is (\d{6})/),
    signature: { kind: 'typed', text: 'Ravi Kumar' },
    agree: true,
  });
  return document.tax_year;
}

test.describe('every year in the vault', () => {
  // The download of the whole year is refused once (403 STEP_UP_REQUIRED) until the password is entered again.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test("a client with last year's signed 8879 and summary switches to last year and downloads them, and the whole year after a step-up", async ({
    page,
    mailbox,
    server,
    checkA11y,
  }) => {
    await page.setViewportSize(VIEWPORTS.desk);
    await verifiedAccount(page, mailbox, EMAIL);
    await loginThroughPanel(page, EMAIL);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const lastYear = await aSignedSeason(page, mailbox, server);

    // The firm moves on to the next season: what was this year is now last year, closed.
    await changeSiteSettings(server, { current_tax_year: lastYear + 1 });
    try {
      await page.goto('/user/tax-summary');
      const switcher = page.getByRole('combobox', { name: 'Tax year' });
      await expect(switcher).toHaveValue(String(lastYear + 1));
      await switcher.focus();
      await switcher.selectOption(String(lastYear));
      await expect(page).toHaveURL(new RegExp(`/user/years/${lastYear}$`));
      await expect(page.getByRole('heading', { level: 1, name: `Tax year ${lastYear}` })).toBeVisible();
      await expect(page.getByText('This tax year is closed')).toBeVisible();
      await checkA11y(page);
      await page.setViewportSize(VIEWPORTS.phone);
      await checkA11y(page);
      await page.setViewportSize(VIEWPORTS.desk);

      const downloaded = async (trigger: () => Promise<void>) => {
        const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
        return download.suggestedFilename();
      };
      expect(
        await downloaded(() => page.getByRole('link', { name: 'Download Federal tax summary' }).click()),
      ).toBe('federal-summary.pdf');
      expect(
        await downloaded(() => page.getByRole('link', { name: 'Download signed Form 8879' }).click()),
      ).toBe('form-8879-signed.pdf');

      // The whole year, the filed return in it: the session proves itself again first.
      // The step-up made to sign has run out (as it does after STEP_UP_MINUTES).
      await server.withDatabase(async (db) => {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
        await db
          .update(sessions)
          .set({ steppedUpAt: null })
          .where(eq(sessions.userId, user?.id ?? ''));
      });
      await page.reload();
      const zip = downloaded(async () => {
        await page.getByRole('button', { name: 'Download this year' }).click();
        await confirmItIsYou(page);
      });
      expect(await zip).toMatch(/\.zip$/);
    } finally {
      await changeSiteSettings(server, { current_tax_year: lastYear });
    }
  });
});
