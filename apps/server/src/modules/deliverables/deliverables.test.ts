/** account/deliverables (issue 35): the session client's deadlines, and nothing of anyone else's file. */
import { MESSAGES } from '@taxfirm/contract';
import { and, deliverables, eq, filings } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { dueRulesOf } from '../../../test/due-rules.ts';
import { admin, asha, ravi, t, taxYear, useSeededFirm } from '../../../test/seeded-firm-kit.ts';

useSeededFirm({ tag: 'client-deliverables', status: 'Docs Upload Pending' });

const deadlines = (sid: string) => t.postAs(sid, '/api/account/deliverables', {});
const filingOf = async (clientId: string) => {
  const [row] = await t.database.db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.clientId, clientId), eq(filings.taxYear, taxYear)));
  if (!row) throw new Error('no filing');
  return row.id;
};

describe('account/deliverables', () => {
  it("lists the client's deadlines and which wait on them, without owners or internal statuses", async () => {
    const filingId = await filingOf(asha.clientId);
    await t.database.db.insert(deliverables).values([
      { filingId, kind: 'itr', status: 'waiting_on_client', ownerId: admin.userId },
      { filingId, kind: 'fbar', status: 'in_progress', extended: true },
      { filingId, kind: 'state', label: 'New Jersey', status: 'filed' },
    ]);
    await t.database.db.update(filings).set({ extended: true }).where(eq(filings.id, filingId));
    const res = await deadlines(asha.sid);
    expect(res.statusCode, res.body).toBe(200);
    const rule = dueRulesOf(taxYear);
    expect(res.json()).toEqual({
      http_code: 200,
      status_smessage: 'Success',
      tax_year: taxYear,
      deliverables: [
        // The file is in Docs Upload Pending: the firm waits on her documents.
        {
          kind: 'federal',
          label: null,
          due_on: rule.october,
          extended: true,
          waiting_on_you: true,
          done: false,
        },
        {
          kind: 'state',
          label: 'New Jersey',
          due_on: rule.april,
          extended: false,
          waiting_on_you: false,
          done: true,
        },
        {
          kind: 'itr',
          label: null,
          due_on: rule.july,
          extended: false,
          waiting_on_you: true,
          done: false,
        },
        {
          kind: 'fbar',
          label: null,
          due_on: rule.october,
          extended: true,
          waiting_on_you: false,
          done: false,
        },
      ],
    });
  });

  it("never shows another client's deliverables, and answers a file that waits on the firm", async () => {
    await t.database.db
      .update(filings)
      .set({ status: 'Preparation Pending' })
      .where(eq(filings.clientId, ravi.clientId));
    const res = await deadlines(ravi.sid);
    expect(res.json().deliverables).toEqual([
      {
        kind: 'federal',
        label: null,
        due_on: dueRulesOf(taxYear).april,
        extended: false,
        waiting_on_you: false,
        done: false,
      },
    ]);
  });

  it('is for clients: a staff session is refused', async () => {
    const res = await deadlines(admin.sid);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status_smessage: MESSAGES.UNAUTHORIZED });
    expect(res.json().deliverables).toBeUndefined();
  });
});
