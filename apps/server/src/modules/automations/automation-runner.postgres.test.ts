/**
 * The automations' runner across instances (PostgreSQL: several connections): two runners at once do each
 * run exactly once, so each client gets one invoice and one invoice e-mail.
 */
import { automationRuns, eq, invoices } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling } from '../../../test/factories.ts';
import { signUpAndLogIn, type ClientSession } from '../../../test/helpers.ts';
import { admin, t, taxYear, useSeededFirm } from '../../../test/seeded-firm-kit.ts';
import { keyring, mailsTo } from '../bulk/testing/bulk-kit.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { createSettingsCache } from '../settings/settings.cache.ts';
import { runAutomationPass } from './automation-runner.ts';

useSeededFirm({ tag: 'auto-pg' });
let voice: FirmVoice;
const files: ClientSession[] = [];

beforeAll(async () => {
  voice = { firm: await (await createSettingsCache(t.database)).firm(), appUrl: 'http://localhost:3000' };
  for (let i = 0; i < 4; i += 1) {
    files.push(
      await signUpAndLogIn(t, `autopg${i}@example.com`, { first: 'Auto', last: `Client${'abcd'[i]}` }),
    );
  }
});

describe('the automations runner on several instances', () => {
  it('two runners at once do each run once: one invoice and one e-mail per client', async () => {
    const [item] = (await t.postAs(admin.sid, '/api/staff/pricelist/list', {})).json().items;
    const saved = await t.postAs(admin.sid, '/api/staff/automations/save', {
      name: 'Invoice on Payment Pending',
      status: 'Payment Pending',
      action: { kind: 'invoice', price_item_ids: [item.id] },
      paused: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const client of files) await assignFiling(t, client, null, 'Review Pending');
    for (const client of files) {
      const res = await t.postAs(admin.sid, '/api/staff/clients/status', {
        client_id: client.clientId,
        taxy: taxYear,
        status: 'Payment Pending',
        comment: 'Ready to bill',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await Promise.all(files.map((c) => mailsTo(t, c)));
    const [a, b] = await Promise.all([
      runAutomationPass(t.database.db, { voice, keyring, storage: t.storage }),
      runAutomationPass(t.database.db, { voice, keyring, storage: t.storage }),
    ]);
    expect((a ?? 0) + (b ?? 0)).toBe(4);
    const runs = await t.database.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.ruleId, saved.json().rule_id));
    expect(runs.map((r) => r.outcome)).toEqual(['done', 'done', 'done', 'done']);
    for (const client of files) {
      expect(
        await t.database.db.select().from(invoices).where(eq(invoices.clientId, client.clientId)),
      ).toHaveLength(1);
    }
    const sent = (await Promise.all(files.map((c) => mailsTo(t, c)))).map((n, i) => n - (before[i] ?? 0));
    expect(sent).toEqual([1, 1, 1, 1]);
  });
});
