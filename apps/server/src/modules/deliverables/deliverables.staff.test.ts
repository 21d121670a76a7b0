/**
 * staff/deliverables/{list,save,remove} (issue 35): the federal return is the filing, the others are rows of
 * the file with an owner, a status and a due date; every call is checked on the file and audited.
 */
import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  clients,
  deliverables,
  eq,
  filings,
  inArray,
  taxpayerProfiles,
  users,
} from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { expectAnswered, expectFieldErrors } from '../../../test/answers.ts';
import { dueRulesOf } from '../../../test/due-rules.ts';
import {
  admin,
  analyst,
  asha,
  otherAnalyst,
  ravi,
  t,
  taxYear,
  useSeededFirm,
} from '../../../test/seeded-firm-kit.ts';

useSeededFirm({ tag: 'deliverables', status: 'Docs Upload Pending' });

const rule = () => dueRulesOf(taxYear);

const list = (sid: string, clientId = asha.clientId) =>
  t.postAs(sid, '/api/staff/deliverables/list', { client_id: clientId });
const save = (sid: string, body: Record<string, unknown>, clientId = asha.clientId) =>
  t.postAs(sid, '/api/staff/deliverables/save', { client_id: clientId, ...body });
const remove = (sid: string, deliverableId: string, clientId = asha.clientId) =>
  t.postAs(sid, '/api/staff/deliverables/remove', { client_id: clientId, deliverable_id: deliverableId });
const rowsOf = (clientId: string) =>
  t.database.db
    .select({ id: deliverables.id, kind: deliverables.kind, dueOn: deliverables.dueOn })
    .from(deliverables)
    .innerJoin(filings, eq(filings.id, deliverables.filingId))
    .where(eq(filings.clientId, clientId));
const audited = (action: string, clientId: string) =>
  t.database.db
    .select({ subject: auditLog.subject, actorId: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.clientId, clientId)));

describe('staff/deliverables/list', () => {
  it("shows a new file's federal return: the file's status and analyst, due April 15 of the next year", async () => {
    const res = await list(analyst.sid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deliverables).toEqual([
      {
        deliverable_id: null,
        kind: 'federal',
        label: null,
        owner: { user_id: analyst.userId, name: expect.any(String) },
        status: null,
        file_status: 'Docs Upload Pending',
        extended: false,
        due_on: rule().april,
        rule_due_on: rule().april,
        due_reason: null,
      },
    ]);
  });

  it('suggests the ITR and the FBAR for a client with ties to India, and a state return from the address', async () => {
    expect((await list(analyst.sid)).json().suggestions).toEqual([]);
    await t.database.db.update(clients).set({ phoneExt: 'INDIA' }).where(eq(clients.id, asha.clientId));
    // Her profile's address is in New Jersey, which taxes wages.
    await t.database.db
      .insert(taxpayerProfiles)
      .values({ clientId: asha.clientId, firstName: 'Asha', lastName: 'Rao', state: 'NJ' })
      .onConflictDoUpdate({ target: taxpayerProfiles.clientId, set: { state: 'NJ' } });
    expect((await list(analyst.sid)).json().suggestions).toEqual([
      { kind: 'itr', label: null, reason: 'The profile shows ties to India.' },
      {
        kind: 'fbar',
        label: null,
        reason:
          'The profile shows ties to India: an FBAR is due if foreign accounts together passed $10,000.',
      },
      { kind: 'state', label: 'NJ', reason: "The profile's address is in NJ." },
    ]);
    // Texas has no income tax: no state return is suggested.
    await t.database.db
      .update(taxpayerProfiles)
      .set({ state: 'TX' })
      .where(eq(taxpayerProfiles.clientId, asha.clientId));
    expect((await list(analyst.sid)).json().suggestions.map((s: { kind: string }) => s.kind)).toEqual([
      'itr',
      'fbar',
    ]);
  });

  it("refuses another analyst's file and a client's session, and shows nothing of the file", async () => {
    const res = await list(otherAnalyst.sid);
    expect(res.statusCode).toBe(403);
    expect(res.json().deliverables).toBeUndefined();
    const asClient = await t.postAs(asha.sid, '/api/staff/deliverables/list', { client_id: asha.clientId });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json().deliverables).toBeUndefined();
  });
});

describe('staff/deliverables/save', () => {
  it('moves the federal due date to October 15 when an admin records the extension, and back', async () => {
    const res = await save(admin.sid, { kind: 'federal', extended: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      http_code: 200,
      status_smessage: MESSAGES.DELIVERABLE_SAVED,
      deliverable_id: null,
    });
    const [federal] = (await list(analyst.sid)).json().deliverables;
    expect(federal).toMatchObject({ kind: 'federal', extended: true, due_on: rule().october });
    expect(await audited('deliverable.save', asha.clientId)).toContainEqual({
      subject: 'federal: extended=true',
      actorId: admin.userId,
    });
    await save(admin.sid, { kind: 'federal', extended: false });
    expect((await list(analyst.sid)).json().deliverables[0].due_on).toBe(rule().april);
  });

  it("keeps the federal return's owner and status the file's", async () => {
    expectFieldErrors(await save(admin.sid, { kind: 'federal', owner_id: otherAnalyst.userId }), {
      owner_id: MESSAGES.DELIVERABLE_FEDERAL_OWNER,
    });
    expectFieldErrors(await save(admin.sid, { kind: 'federal', status: 'filed' }), {
      status: MESSAGES.DELIVERABLE_FEDERAL_STATUS,
    });
    const [filing] = await t.database.db
      .select({ assignedTo: filings.assignedTo, status: filings.status })
      .from(filings)
      .where(eq(filings.clientId, asha.clientId));
    expect(filing).toEqual({ assignedTo: analyst.userId, status: 'Docs Upload Pending' });
  });

  it('adds the ITR, the FBAR and a state return, each with an owner, listed by due date', async () => {
    const itr = await save(analyst.sid, { kind: 'itr', owner_id: admin.userId });
    expect(itr.statusCode, itr.body).toBe(200);
    const fbar = await save(analyst.sid, { kind: 'fbar', status: 'waiting_on_client', extended: true });
    const state = await save(analyst.sid, { kind: 'state', label: 'New Jersey', owner_id: analyst.userId });
    expect([fbar.statusCode, state.statusCode]).toEqual([200, 200]);
    const shown = (await list(analyst.sid)).json().deliverables;
    expect(
      shown.map((d: { kind: string; due_on: string; owner: { user_id: string } | null; status: string }) => [
        d.kind,
        d.due_on,
        d.owner?.user_id ?? null,
        d.status,
      ]),
    ).toEqual([
      ['federal', rule().april, analyst.userId, null],
      ['state', rule().april, analyst.userId, 'not_started'],
      ['itr', rule().july, admin.userId, 'not_started'],
      ['fbar', rule().october, null, 'waiting_on_client'],
    ]);
    // What is added is no longer suggested.
    expect((await list(analyst.sid)).json().suggestions).toEqual([]);
    // Each save says what it set.
    expect((await audited('deliverable.save', asha.clientId)).map((row) => row.subject)).toContainEqual(
      `itr:${itr.json().deliverable_id}: owner=${admin.userId}`,
    );
  });

  it('takes a date off the rule only with its reason, and null goes back to the rule', async () => {
    const [itr] = (await rowsOf(asha.clientId)).filter((r) => r.kind === 'itr');
    const id = itr?.id ?? '';
    expectFieldErrors(await save(analyst.sid, { deliverable_id: id, kind: 'itr', due_on: '2026-10-31' }), {
      due_reason: MESSAGES.DELIVERABLE_DUE_REASON_REQUIRED,
    });
    const moved = await save(analyst.sid, {
      deliverable_id: id,
      kind: 'itr',
      due_on: `${taxYear + 1}-10-31`,
      due_reason: 'Tax audit case (section 44AB)',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const shown = (await list(analyst.sid))
      .json()
      .deliverables.find((d: { kind: string }) => d.kind === 'itr');
    expect(shown).toMatchObject({
      due_on: `${taxYear + 1}-10-31`,
      rule_due_on: rule().july,
      due_reason: 'Tax audit case (section 44AB)',
    });
    await save(analyst.sid, { deliverable_id: id, kind: 'itr', due_on: null });
    const back = (await list(analyst.sid))
      .json()
      .deliverables.find((d: { kind: string }) => d.kind === 'itr');
    expect(back).toMatchObject({ due_on: rule().july, due_reason: null });
  });

  it('refuses an owner who is not active staff, an extension the kind has not, and a change of kind', async () => {
    const [itr] = (await rowsOf(asha.clientId)).filter((r) => r.kind === 'itr');
    expectFieldErrors(await save(analyst.sid, { kind: 'amended', owner_id: asha.userId }), {
      owner_id: MESSAGES.ANALYST_INVALID,
    });
    await t.database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, otherAnalyst.userId));
    try {
      expectFieldErrors(await save(analyst.sid, { kind: 'amended', owner_id: otherAnalyst.userId }), {
        owner_id: MESSAGES.ANALYST_INVALID,
      });
    } finally {
      await t.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, otherAnalyst.userId));
    }
    expectFieldErrors(await save(analyst.sid, { kind: 'itr', extended: true }), {
      extended: MESSAGES.DELIVERABLE_NOT_EXTENDABLE,
    });
    expectFieldErrors(await save(analyst.sid, { deliverable_id: itr?.id, kind: 'fbar' }), {
      kind: MESSAGES.DELIVERABLE_KIND_INVALID,
    });
    expect((await rowsOf(asha.clientId)).map((r) => r.kind).sort()).toEqual(['fbar', 'itr', 'state']);
  });

  it('refuses as owner an analyst who does not work the file: they could not open what they own', async () => {
    expectFieldErrors(await save(analyst.sid, { kind: 'amended', owner_id: otherAnalyst.userId }), {
      owner_id: MESSAGES.DELIVERABLE_OWNER_NOT_ON_FILE,
    });
    expect((await rowsOf(asha.clientId)).map((r) => r.kind)).not.toContain('amended');
  });

  it('keeps what a save leaves out, and clears the owner given as null', async () => {
    const [state] = (await rowsOf(asha.clientId)).filter((r) => r.kind === 'state');
    const id = state?.id ?? '';
    const before = (await list(analyst.sid))
      .json()
      .deliverables.find((d: { kind: string }) => d.kind === 'state');
    expect(
      (await save(analyst.sid, { deliverable_id: id, kind: 'state', status: 'in_progress' })).statusCode,
    ).toBe(200);
    const kept = (await list(analyst.sid))
      .json()
      .deliverables.find((d: { kind: string }) => d.kind === 'state');
    expect(kept).toEqual({ ...before, status: 'in_progress' });
    await save(analyst.sid, { deliverable_id: id, kind: 'state', owner_id: null });
    const cleared = (await list(analyst.sid))
      .json()
      .deliverables.find((d: { kind: string }) => d.kind === 'state');
    expect(cleared).toEqual({ ...before, status: 'in_progress', owner: null });
  });

  it('takes two saves of the federal return at once (a double click): both answer', async () => {
    const answers = await Promise.all([
      save(admin.sid, { kind: 'federal', extended: true }),
      save(analyst.sid, { kind: 'federal', extended: true }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await list(analyst.sid)).json().deliverables[0]).toMatchObject({ due_on: rule().october });
    await save(admin.sid, { kind: 'federal', extended: false });
  });

  it("never reaches another client's deliverable through this file, nor another analyst's file", async () => {
    const added = await save(admin.sid, { kind: 'itr' }, ravi.clientId);
    const ravisItr = added.json().deliverable_id as string;
    // Asha's file, Ravi's deliverable: not found, and Ravi's row unchanged.
    const res = await save(analyst.sid, {
      deliverable_id: ravisItr,
      kind: 'itr',
      due_on: '2030-01-01',
      due_reason: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().status_smessage).toBe(MESSAGES.DELIVERABLE_NOT_FOUND);
    expect((await remove(analyst.sid, ravisItr)).statusCode).toBe(404);
    expect(await rowsOf(ravi.clientId)).toEqual([{ id: ravisItr, kind: 'itr', dueOn: null }]);
    // Ravi's file is the other analyst's.
    expect((await save(analyst.sid, { kind: 'fbar' }, ravi.clientId)).statusCode).toBe(403);
    expect((await remove(analyst.sid, ravisItr, ravi.clientId)).statusCode).toBe(403);
    expect(await rowsOf(ravi.clientId)).toHaveLength(1);
  });
});

describe('staff/deliverables/remove', () => {
  it('removes a deliverable of the file, audited; a second remove is not found', async () => {
    const [fbar] = (await rowsOf(asha.clientId)).filter((r) => r.kind === 'fbar');
    const id = fbar?.id ?? '';
    expectAnswered(await remove(analyst.sid, id), MESSAGES.DELIVERABLE_REMOVED);
    expect((await rowsOf(asha.clientId)).map((r) => r.kind).sort()).toEqual(['itr', 'state']);
    expect(await audited('deliverable.remove', asha.clientId)).toEqual([
      { subject: `fbar:${id}: FBAR (FinCEN 114)`, actorId: analyst.userId },
    ]);
    expect((await remove(analyst.sid, id)).statusCode).toBe(404);
  });
});

describe('staff/clients/assign', () => {
  it("moves the previous analyst's deliverables to the new analyst, and leaves an admin's own", async () => {
    const fresh = await save(admin.sid, { kind: 'other', label: 'Moves', owner_id: analyst.userId });
    const adminOwn = await save(admin.sid, { kind: 'other', label: 'Stays', owner_id: admin.userId });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(adminOwn.statusCode, adminOwn.body).toBe(200);
    const owners = async () =>
      Object.fromEntries(
        (
          await t.database.db
            .select({ label: deliverables.label, owner: deliverables.ownerId })
            .from(deliverables)
            .innerJoin(filings, eq(filings.id, deliverables.filingId))
            .where(and(eq(filings.clientId, asha.clientId), eq(deliverables.kind, 'other')))
        ).map((r) => [r.label, r.owner]),
      );
    expect(await owners()).toEqual({ Moves: analyst.userId, Stays: admin.userId });

    const assign = (analystId: string | null) =>
      t.postAs(admin.sid, '/api/staff/clients/assign', {
        client_id: asha.clientId,
        analyst_id: analystId,
      });
    expect((await assign(otherAnalyst.userId)).statusCode).toBe(200);
    expect(await owners()).toEqual({ Moves: otherAnalyst.userId, Stays: admin.userId });
    const movedId = fresh.json().deliverable_id as string;
    expect((await audited('staff.client.assign', asha.clientId)).map((a) => a.subject)).toContain(
      `${otherAnalyst.userId} (deliverables: ${movedId})`,
    );

    // Back to the analyst the file had: their deliverables come with it.
    expect((await assign(analyst.userId)).statusCode).toBe(200);
    expect(await owners()).toEqual({ Moves: analyst.userId, Stays: admin.userId });
    // Unassigned: nobody owns what the analyst did; given again, nothing comes back by itself.
    expect((await assign(null)).statusCode).toBe(200);
    expect(await owners()).toEqual({ Moves: null, Stays: admin.userId });
    expect((await assign(analyst.userId)).statusCode).toBe(200);
    expect(await owners()).toEqual({ Moves: null, Stays: admin.userId });
    await t.database.db.delete(deliverables).where(inArray(deliverables.label, ['Moves', 'Stays']));
  });
});
