import { eq, filings, requestItems, requestReminders } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogIn } from '../../../test/helpers.ts';
import { expectScheduledPassThenStop, openSecondInstance } from '../../../test/mailing-scheduler-kit.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { startReminderScheduler } from './reminders.service.ts';
import { insertStaffItem } from './testing/checklist-helpers.ts';
import { APP_URL, at, DAY_MS, useReminderFixtures, type Client } from './testing/reminder-fixtures.ts';

/** The reminder passes run by the scheduler: alone, on several instances at once, and with the app. */
const f = useReminderFixtures();
const { t, clientIn, addItems, remindersTo, pass } = f;
let settings: SettingsCache;
beforeAll(() => {
  ({ settings } = f);
});

describe('several instances', () => {
  it('sends exactly one e-mail per filing when two passes run at once on two connection pools', async () => {
    const t0 = new Date('2026-08-03T15:00:00Z');
    const racers: Client[] = [];
    for (let i = 0; i < 4; i += 1) {
      const client = await clientIn(`race${i}`);
      await addItems(client, t0, [
        { title: 'W-2 from Vandelay', type: 'w2' },
        { title: '1099-B from Fidelity', type: '1099-b' },
      ]);
      racers.push(client);
    }
    const second = await openSecondInstance(t.database.db);
    try {
      for (let round = 0; round < 3; round += 1) {
        const when = at(t0, 3 + 7 * round);
        const results = await Promise.all([pass(when), pass(when, second?.db ?? t.database.db)]);
        for (const client of racers) {
          const senders = results.filter((r) => r.filingIds.includes(client.filingId));
          expect(senders, `${client.email} round ${round}`).toHaveLength(1);
          expect(await remindersTo(client)).toHaveLength(round + 1);
        }
      }
      const [item] = await t.database.db
        .select()
        .from(requestItems)
        .where(eq(requestItems.clientId, racers[0]?.clientId ?? ''));
      expect(item?.remindersSent).toBe(3);
    } finally {
      await second?.close();
    }
  });

  it('runs passes on its own from the scheduler, and stops with it', async () => {
    const client = await clientIn('scheduled');
    const t0 = new Date('2026-09-01T15:00:00Z');
    await addItems(client, t0, [{ title: 'Form 26AS', type: '26as-ais' }]);
    await expectScheduledPassThenStop(
      startReminderScheduler,
      { db: t.database.db, settings, appUrl: APP_URL, log: t.app.log, now: () => at(t0, 3) },
      async () => (await remindersTo(client)).length,
    );
  });
});

describe('the app', () => {
  it('starts the scheduler with the app unless AppConfig.reminders turns it off', async () => {
    const app = await createTestApp({ reminders: { firstRunMs: 10, intervalMs: 200 } });
    try {
      const email = 'started@example.com';
      const account = await signUpAndLogIn(app, email);
      const [filing] = await app.database.db
        .update(filings)
        .set({ status: 'Docs Upload Pending' })
        .where(eq(filings.clientId, account.clientId))
        .returning();
      // Asked for four days ago: due now.
      await insertStaffItem(app.database.db, account, {
        title: 'W-2 from Soylent',
        type: 'w2',
        position: 0,
        filingId: filing?.id ?? '',
        requestedAt: new Date(Date.now() - 4 * DAY_MS),
      });
      await expect
        .poll(
          async () =>
            (
              await app.database.db
                .select()
                .from(requestReminders)
                .where(eq(requestReminders.clientId, account.clientId))
            ).length,
          { timeout: 10_000 },
        )
        .toBe(1);
    } finally {
      await app.close();
    }
  });
});
