/**
 * Review F-11: a staff write checks the right to work the file inside its own transaction, on the locked
 * filing. An admin's reassignment that has locked the row and not yet committed makes the write wait, and
 * the write then sees the new analyst and is refused. (On PostgreSQL the row lock decides; the old code
 * checked on an unlocked read before its transaction, saw the old analyst, and wrote.)
 */
import { MESSAGES } from '@taxfirm/contract';
import { authTokens, clients, emailOutbox, eq, filings, taxSummaries, users } from '@taxfirm/db';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear, makeTaxSummary } from '../../../test/factories.ts';
import { samplePdf } from '../../../test/files.ts';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
let analyst: { sid: string; userId: string };
let other: { sid: string; userId: string };
let taxYear: number;

beforeAll(async () => {
  analyst = await staffSession(t, 'analyst.f11@firm.example', 'analyst');
  other = await staffSession(t, 'other.f11@firm.example', 'analyst');
  taxYear = await currentTaxYear(t);
});

/** A client whose file is the analyst's. */
async function analystsClient(email: string) {
  const client = await signUpAndLogIn(t, email, { first: 'Kiran', last: 'Shah' });
  await t.database.db
    .update(filings)
    .set({ status: 'Pre-Synopsys Pending', assignedTo: analyst.userId })
    .where(eq(filings.clientId, client.clientId));
  return client;
}

/**
 * The analyst's request, sent while an admin's reassignment to the other analyst holds the filing row
 * (locked, not committed): it must wait for the reassignment, then be refused.
 */
async function duringReassignment(
  clientId: string,
  request: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const reassign = t.database.db.transaction(async (tx) => {
    await tx.select().from(filings).where(eq(filings.clientId, clientId)).for('update');
    await tx.update(filings).set({ assignedTo: other.userId }).where(eq(filings.clientId, clientId));
    locked();
    await held;
  });
  await isLocked;
  let answered = false;
  const pending = request().finally(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(answered).toBe(false);
  release();
  await reassign;
  const res = await pending;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().status_smessage).toBe(MESSAGES.CLIENT_OTHER_ANALYST);
  return res;
}

describe('F-11: checks made on the locked filing, in the transaction that writes', () => {
  it('F-11: a file number racing a reassignment is refused and not saved', async () => {
    const client = await analystsClient('number.f11@example.com');
    await duringReassignment(client.clientId, () =>
      t.postAs(analyst.sid, '/api/staff/clients/filenumber', {
        client_id: client.clientId,
        file_number: 'TF-RACE-1',
      }),
    );
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, client.clientId));
    expect(row?.fileNumber).toBeNull();
  });

  it('F-11: mark verified racing a reassignment is refused and the account stays unverified', async () => {
    const client = await analystsClient('verify.f11@example.com');
    await t.database.db.update(users).set({ verifiedAt: null }).where(eq(users.id, client.userId));
    await duringReassignment(client.clientId, () =>
      t.postAs(analyst.sid, '/api/staff/clients/verify', { client_id: client.clientId }),
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, client.userId));
    expect(row?.verifiedAt).toBeNull();
  });

  it('F-11: a reset link racing a reassignment is refused: no token, no e-mail', async () => {
    const client = await analystsClient('reset.f11@example.com');
    const mailsBefore = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'reset.f11@example.com'));
    await duringReassignment(client.clientId, () =>
      t.postAs(analyst.sid, '/api/staff/clients/resetlink', { client_id: client.clientId }),
    );
    const tokens = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, client.userId));
    expect(tokens.filter((token) => token.kind === 'reset')).toEqual([]);
    expect(
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'reset.f11@example.com')),
    ).toHaveLength(mailsBefore.length);
  });

  it('F-11: summary upload, publish and delete racing a reassignment are refused and change nothing', async () => {
    const client = await analystsClient('summary.f11@example.com');
    const draft = await makeTaxSummary(t, {
      clientId: client.clientId,
      taxYear,
      title: 'Federal',
      bytes: samplePdf(),
      status: 'draft',
    });
    for (const path of ['/api/staff/summaries/publish', '/api/staff/summaries/delete']) {
      await duringReassignment(client.clientId, () => t.postAs(analyst.sid, path, { summary_id: draft.id }));
      // Give the file back for the next call.
      await t.database.db
        .update(filings)
        .set({ assignedTo: analyst.userId })
        .where(eq(filings.clientId, client.clientId));
    }
    const form = new FormData();
    form.append('client_id', client.clientId);
    form.append('title', 'Raced upload');
    form.append('summary', new Blob([new Uint8Array(samplePdf())]), 'raced.pdf');
    await duringReassignment(client.clientId, () =>
      t.postFormAs(analyst.sid, '/api/staff/summaries/upload', form),
    );
    const rows = await t.database.db
      .select()
      .from(taxSummaries)
      .where(eq(taxSummaries.clientId, client.clientId));
    expect(rows.map((row) => [row.title, row.status])).toEqual([['Federal', 'draft']]);
  });
});
