/**
 * My work's kept candidates (ADR 026, migration 0031): whoever writes a table a rule reads, the next read works
 * that file's candidates out again, so `work_candidates` always equals the rules run afresh over every file; and
 * what only the day decides (past due, idle, due soon) is decided when read, with no write at all.
 */
import type { FileStatus } from '@taxfirm/contract';
import {
  clients,
  deliverables,
  eq,
  filings,
  requestItems,
  sql,
  users,
  workCandidates,
  type SQL,
} from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { makeInvoice } from '../../../test/factories.ts';
import {
  admin,
  analyst,
  asha,
  filingOf,
  otherAnalyst,
  ravi,
  t,
  taxYear,
  useSeededFirm,
} from '../../../test/seeded-firm-kit.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';
import { sendAsClient } from '../messaging/testing/message-forms.ts';
import { getIdleDays } from '../settings/settings.service.ts';
import { refreshWorkCandidates } from './work-candidates.ts';
import { CANDIDATE_COLUMNS, candidatesOf, workItems, type WorkScope } from './work-rules.ts';

useSeededFirm({ tag: 'work-candidates', status: 'Review Pending' });

const rowsOf = async (query: SQL) =>
  (await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

/** The kept rows that differ from the rules run afresh over the year's files, both ways (none when in step). */
async function drift() {
  await refreshWorkCandidates(t.database.db);
  const fresh = candidatesOf(taxYear, sql`${filings.taxYear} = ${taxYear}`);
  const kept = sql`select ${CANDIDATE_COLUMNS} from ${workCandidates} where ${workCandidates.taxYear} = ${taxYear}`;
  const missing = await rowsOf(sql`(${fresh}) except (${kept})`);
  const extra = await rowsOf(sql`(${kept}) except (${fresh})`);
  return { missing: missing.rows, extra: extra.rows };
}

describe('work_candidates', () => {
  it('stays equal to the rules run afresh, whichever table is written and however', async () => {
    const filing = await filingOf(asha);
    const steps: [string, () => Promise<unknown>][] = [
      [
        'a checklist item uploaded',
        () =>
          t.database.db.insert(requestItems).values({
            filingId: filing.id,
            clientId: asha.clientId,
            position: 1,
            type: 'w2',
            title: 'W-2 from Acme',
            source: 'staff',
            status: 'uploaded',
          }),
      ],
      ['a message from the client', () => sendAsClient(t, asha, { body: 'Sent my W-2' })],
      [
        'an invoice past due',
        () =>
          makeInvoice(t.database.db, {
            clientId: asha.clientId,
            taxYear,
            totalCents: 12_500,
            status: 'sent',
            dueDate: addDays(firmToday(), -3),
          }),
      ],
      [
        'a deliverable owned by the admin',
        () =>
          t.database.db
            .insert(deliverables)
            .values({ filingId: filing.id, kind: 'fbar', ownerId: admin.userId }),
      ],
      [
        'the file reassigned',
        () =>
          t.database.db
            .update(filings)
            .set({ assignedTo: otherAnalyst.userId })
            .where(eq(filings.id, filing.id)),
      ],
      [
        "the deliverable's owner no longer an admin",
        () => t.database.db.update(users).set({ role: 'analyst' }).where(eq(users.id, admin.userId)),
      ],
      [
        'the same, back',
        () => t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId)),
      ],
      [
        'a raw statement over every file of the year',
        () =>
          t.database.db.execute(
            sql`update ${filings} set status_since = now() - interval '40 days' where tax_year = ${taxYear}`,
          ),
      ],
      [
        'the checklist item removed',
        () => t.database.db.delete(requestItems).where(eq(requestItems.filingId, filing.id)),
      ],
      [
        'the file given back',
        () =>
          t.database.db.update(filings).set({ assignedTo: analyst.userId }).where(eq(filings.id, filing.id)),
      ],
    ];
    for (const [step, write] of steps) {
      await write();
      expect(await drift(), step).toEqual({ missing: [], extra: [] });
    }
    // The steps put rows of several kinds on the file (the check is not of an empty table).
    const kinds = await rowsOf(
      sql`select distinct kind from ${workCandidates} where filing_id = ${filing.id} order by kind`,
    );
    expect(kinds.rows.map((r) => r['kind'])).toEqual(
      expect.arrayContaining(['deliverable_due', 'file_idle', 'invoice_past_due', 'message_unanswered']),
    );
  });

  it('works out again only what changed: a refresh consumes the files named, the next has nothing to do', async () => {
    await refreshWorkCandidates(t.database.db);
    expect(await refreshWorkCandidates(t.database.db)).toBe(0);
    const filing = await filingOf(ravi);
    await t.database.db
      .update(filings)
      .set({ dueOn: addDays(firmToday(), 3), dueReason: 'Test' })
      .where(eq(filings.id, filing.id));
    expect(await refreshWorkCandidates(t.database.db)).toBe(1);
    expect(await refreshWorkCandidates(t.database.db)).toBe(0);
    const [federal] = await t.database.db
      .select({ due: workCandidates.due })
      .from(workCandidates)
      .where(eq(workCandidates.key, `deliverable_due:federal-${filing.id}`));
    expect(federal?.due).toBe(addDays(firmToday(), 3));
  });

  it('lets the day decide what shows, with no write: past due, late, idle and due soon come in as days pass', async () => {
    const filing = await filingOf(ravi);
    const today = firmToday();
    await makeInvoice(t.database.db, {
      clientId: ravi.clientId,
      taxYear,
      totalCents: 9_900,
      status: 'sent',
      dueDate: addDays(today, 5),
    });
    await t.database.db
      .update(filings)
      .set({ dueOn: addDays(today, 20), dueReason: 'Test', statusSince: new Date() })
      .where(eq(filings.id, filing.id));
    await refreshWorkCandidates(t.database.db);

    const idleDays = await getIdleDays({ db: t.database.db });
    const threshold = idleDays[filing.status as FileStatus];
    expect(threshold).toBeGreaterThan(0);
    const kindsOn = async (day: string) => {
      await refreshWorkCandidates(t.database.db);
      const scope: WorkScope = {
        actor: { kind: 'staff', userId: admin.userId, role: 'admin', offshore: false, ip: '', userAgent: '' },
        taxYear,
        who: 'anyone',
        today: day,
        idleDays,
      };
      const found = await rowsOf(
        sql`select items.kind from ${workItems(scope)} where items.filing_id = ${filing.id} order by items.kind`,
      );
      return found.rows.map((r) => r['kind']);
    };
    expect(await kindsOn(today)).toEqual([]);
    expect(await kindsOn(addDays(today, 6))).toEqual(['deliverable_due', 'invoice_past_due']);
    expect(await kindsOn(addDays(today, 5))).toEqual([]);
    // Idle is measured from the clock (the file's time in its status), so it waits for the threshold itself.
    await t.database.db
      .update(filings)
      .set({ statusSince: new Date(Date.now() - (threshold + 1) * 86_400_000) })
      .where(eq(filings.id, filing.id));
    expect(await kindsOn(today)).toEqual(['file_idle']);
  });
});

describe('work_candidates: whose files', () => {
  it("shows offshore staff their file's items only while the client's §7216 Yes is in force", async () => {
    const filing = await filingOf(asha);
    await t.database.db.update(filings).set({ assignedTo: analyst.userId }).where(eq(filings.id, filing.id));
    await refreshWorkCandidates(t.database.db);
    const keysFor = async (offshore: boolean) => {
      const scope: WorkScope = {
        actor: { kind: 'staff', userId: analyst.userId, role: 'analyst', offshore, ip: '', userAgent: '' },
        taxYear,
        who: 'me',
        today: firmToday(),
        idleDays: await getIdleDays({ db: t.database.db }),
      };
      const found = await rowsOf(
        sql`select items.key from ${workItems(scope)} where items.filing_id = ${filing.id}`,
      );
      return found.rows.length;
    };
    const consent = (yes: boolean) =>
      t.database.db.update(clients).set({ offshoreConsent: yes }).where(eq(clients.id, asha.clientId));
    await consent(false);
    expect(await keysFor(false)).toBeGreaterThan(0);
    expect(await keysFor(true)).toBe(0);
    await consent(true);
    expect(await keysFor(true)).toBe(await keysFor(false));
    await consent(false);
  });
});
