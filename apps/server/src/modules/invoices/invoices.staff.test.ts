/**
 * Invoices in the staff console (issue 20), on PGlite and PostgreSQL: create (numbering, currencies, bad
 * input, file rules), one client's invoices year by year, and save, send and void.
 */
import { MESSAGES, type StaffInvoice } from '@taxfirm/contract';
import { and, desc, emailOutbox, eq, filings, invoiceLines, invoices, notifications } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { sentText, testStaffActor } from '../../../test/helpers.ts';
import { makeInvoice } from '../../../test/factories.ts';
import { createInvoice } from './invoices.staff.service.ts';
import {
  t,
  taxYear,
  admin,
  analyst,
  otherAnalyst,
  asha,
  federal,
  state,
  ASHA_EMAIL,
  call,
  expectError,
  federalAndState,
  createOk,
  setInr,
  auditRows,
  thisYear,
  useInvoicesStaffApp,
} from './testing/invoices-staff.ts';

useInvoicesStaffApp();

describe('staff/invoices/create', () => {
  it('makes a numbered draft from price list lines with a percent discount, audited', async () => {
    const res = await call(analyst, 'invoices/create', {
      taxy: taxYear,
      client_id: asha.clientId,
      ...federalAndState(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.INVOICE_CREATED);
    const invoice = res.json().invoice as StaffInvoice;
    expect(invoice).toMatchObject({
      number: `INV-${thisYear()}-0001`,
      status: 'draft',
      tax_year: taxYear,
      currency: 'USD',
      subtotal: 35000,
      discount: 3500,
      discount_kind: 'percent',
      discount_value: 10,
      discount_reason: 'Returning client',
      total: 31500,
      paid: 0,
      balance: 31500,
      client_id: asha.clientId,
      client_name: 'Asha Rao',
      created_by: analyst.userId,
      overdue: false,
    });
    expect(invoice.lines).toEqual([
      { description: federal.name, quantity: 1, unit_amount: 25000, amount: 25000 },
      { description: state.name, quantity: 1, unit_amount: 10000, amount: 10000 },
    ]);
    expect(invoice.pdf_url).toMatch(/^\/api\/staff\/invoices\/pdf\?t=/);
    const [row] = await auditRows('invoice.create');
    expect(row).toMatchObject({
      actorUserId: analyst.userId,
      clientId: asha.clientId,
      subject: invoice.number,
    });
    // A draft says nothing to the client.
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, ASHA_EMAIL));
    expect(mails.filter((m) => m.subject.includes('invoice'))).toHaveLength(0);
  });

  it('numbers invoices per calendar year of creation, in the firm’s time zone', async () => {
    const actor = testStaffActor(admin.userId);
    const make = async (now: Date) => {
      const id = await createInvoice({
        db: t.database.db,
        actor,
        taxYear,
        input: { client_id: asha.clientId, currency: 'USD', lines: federalAndState().lines },
        now,
      });
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
      return row?.number;
    };
    expect(await make(new Date('2040-06-01T12:00:00Z'))).toBe('INV-2040-0001');
    expect(await make(new Date('2040-07-01T12:00:00Z'))).toBe('INV-2040-0002');
    // 03:00 UTC on 1 January is still 31 December in Chicago.
    expect(await make(new Date('2041-01-01T03:00:00Z'))).toBe('INV-2040-0003');
    expect(await make(new Date('2041-01-01T12:00:00Z'))).toBe('INV-2041-0001');
  });

  it('refuses INR unless the firm enables it, and price list items of another currency', async () => {
    const inr = { currency: 'INR', lines: [{ description: 'India ITR', quantity: 1, unit_amount: 250000 }] };
    expectError(
      await call(analyst, 'invoices/create', { taxy: taxYear, client_id: asha.clientId, ...inr }),
      422,
      MESSAGES.INVOICE_CURRENCY_OFF,
    );
    await setInr(true);
    const made = await createOk(analyst, asha.clientId, { ...inr, discount: null });
    expect(made).toMatchObject({ currency: 'INR', total: 250000 });
    expectError(
      await call(analyst, 'invoices/create', {
        taxy: taxYear,
        client_id: asha.clientId,
        ...federalAndState(),
        currency: 'INR',
      }),
      422,
      MESSAGES.INVOICE_LINE_CURRENCY_MISMATCH,
    );
    await setInr(false);
  });

  it('answers bad input with the contract’s messages', async () => {
    const base = { client_id: asha.clientId };
    expectError(
      await call(analyst, 'invoices/create', { taxy: taxYear, ...base, lines: [] }),
      400,
      MESSAGES.INVOICE_LINES_REQUIRED,
    );
    expectError(
      await call(analyst, 'invoices/create', {
        taxy: taxYear,
        ...base,
        lines: [{ description: 'Federal', quantity: 1, unit_amount: 1000 }],
        discount: { kind: 'amount', value: 2000, reason: 'Too much' },
      }),
      400,
      MESSAGES.INVOICE_DISCOUNT_TOO_LARGE,
    );
    expectError(
      await call(analyst, 'invoices/create', {
        taxy: taxYear,
        ...base,
        ...federalAndState(),
        due_date: '2026-02-30',
      }),
      400,
      MESSAGES.INVOICE_DUE_DATE_INVALID,
    );
    expectError(
      await call(analyst, 'invoices/create', {
        taxy: taxYear,
        ...federalAndState(),
        client_id: '00000000-0000-4000-8000-000000000000',
      }),
      404,
      MESSAGES.CLIENT_NOT_FOUND,
    );
  });

  it('keeps an analyst to their own files, and a client out', async () => {
    expectError(
      await call(otherAnalyst, 'invoices/create', {
        taxy: taxYear,
        client_id: asha.clientId,
        ...federalAndState(),
      }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    expect(
      (await t.postAs(asha.sid, '/api/staff/invoices/create', { client_id: asha.clientId })).statusCode,
    ).toBe(403);
  });
});

describe('one client’s invoices, year by year', () => {
  it('lists an analyst only the year of the file they may work, never another analyst’s year', async () => {
    // Asha's previous year is another analyst's file, with an invoice on it.
    await t.database.db
      .insert(filings)
      .values({ clientId: asha.clientId, taxYear: taxYear - 1, assignedTo: otherAnalyst.userId });
    const earlier = await makeInvoice(t.database.db, {
      clientId: asha.clientId,
      taxYear: taxYear - 1,
      totalCents: 12300,
    });
    const current = await createOk(analyst, asha.clientId);
    const mine = await call(analyst, 'invoices/list', { client_id: asha.clientId });
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = (mine.json().data as StaffInvoice[]).map((invoice) => invoice.id);
    expect(ids).toContain(current.id);
    expect(ids).not.toContain(earlier.id);
    expect((mine.json().data as StaffInvoice[]).every((invoice) => invoice.tax_year === taxYear)).toBe(true);
    expectError(
      await call(analyst, 'invoices/list', { client_id: asha.clientId, taxy: taxYear - 1 }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    const theirs = await call(otherAnalyst, 'invoices/list', { client_id: asha.clientId, taxy: taxYear - 1 });
    expect((theirs.json().data as StaffInvoice[]).map((invoice) => invoice.id)).toEqual([earlier.id]);
  });
});

describe('staff/invoices/save, send and void', () => {
  it('saves a draft only, replacing its lines and amounts', async () => {
    const draft = await createOk(analyst, asha.clientId);
    const res = await call(analyst, 'invoices/save', {
      invoice_id: draft.id,
      lines: [{ description: 'Amended return', quantity: 2, unit_amount: 15000 }],
      discount: { kind: 'amount', value: 5000, reason: 'Two at once' },
      due_date: '2030-01-15',
      note: 'Thank you',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.INVOICE_SAVED);
    expect(res.json().invoice).toMatchObject({
      number: draft.number,
      subtotal: 30000,
      discount: 5000,
      discount_kind: 'amount',
      total: 25000,
      due_date: '2030-01-15',
      note: 'Thank you',
      lines: [{ description: 'Amended return', quantity: 2, unit_amount: 15000, amount: 30000 }],
    });
    expect(
      await t.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, draft.id)),
    ).toHaveLength(1);
    expect((await auditRows('invoice.save'))[0]).toMatchObject({
      subject: draft.number,
      actorUserId: analyst.userId,
    });

    expectError(
      await call(otherAnalyst, 'invoices/save', { invoice_id: draft.id, lines: federalAndState().lines }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    expectError(
      await call(analyst, 'invoices/save', {
        invoice_id: '00000000-0000-4000-8000-000000000000',
        lines: federalAndState().lines,
      }),
      404,
      MESSAGES.INVOICE_NOT_FOUND,
    );
  });

  it('sends a draft once: the client is told by e-mail and in the bell, without amounts', async () => {
    const draft = await createOk(analyst, asha.clientId);
    expectError(
      await call(otherAnalyst, 'invoices/send', { invoice_id: draft.id }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    const res = await call(analyst, 'invoices/send', { invoice_id: draft.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.INVOICE_SENT);
    expect(res.json().invoice).toMatchObject({ status: 'sent', balance: 31500 });
    expect(res.json().invoice.sent_at).not.toBeNull();
    expect((await auditRows('invoice.send'))[0]).toMatchObject({
      subject: draft.number,
      clientId: asha.clientId,
    });

    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, ASHA_EMAIL), eq(emailOutbox.subject, 'You have a new invoice')))
      .orderBy(desc(emailOutbox.createdAt));
    const text = sentText(mail);
    expect(text).toContain(`/user/invoices/${draft.id}`);
    // The link's id is random hex and may hold "315"; the amounts must not appear anywhere else.
    expect(text.replace(`/user/invoices/${draft.id}`, '')).not.toMatch(/\$|315|350/);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.clientId, asha.clientId));
    expect(bell.some((n) => n.title === 'You have a new invoice' && n.kind === 'payment')).toBe(true);

    expectError(
      await call(analyst, 'invoices/send', { invoice_id: draft.id }),
      409,
      MESSAGES.INVOICE_NOT_SENDABLE,
    );
    expectError(
      await call(analyst, 'invoices/save', { invoice_id: draft.id, lines: federalAndState().lines }),
      409,
      MESSAGES.INVOICE_NOT_DRAFT,
    );
  });

  it('voids only an invoice without money on it, keeping the reason', async () => {
    const sent = await createOk(analyst, asha.clientId);
    await call(analyst, 'invoices/send', { invoice_id: sent.id });
    // A payment stands on it: 200.00 paid, nothing refunded.
    await t.database.db
      .update(invoices)
      .set({ paidCents: 20000, status: 'partly_paid' })
      .where(eq(invoices.id, sent.id));
    expectError(
      await call(analyst, 'invoices/void', { invoice_id: sent.id, reason: 'Wrong client' }),
      409,
      MESSAGES.INVOICE_HAS_PAYMENTS,
    );
    // Refunded in full: it may be voided.
    await t.database.db
      .update(invoices)
      .set({ refundedCents: 20000, status: 'sent' })
      .where(eq(invoices.id, sent.id));
    expectError(
      await call(otherAnalyst, 'invoices/void', { invoice_id: sent.id, reason: 'Wrong client' }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    expectError(
      await call(analyst, 'invoices/void', { invoice_id: sent.id, reason: ' ' }),
      400,
      MESSAGES.INVOICE_VOID_REASON_REQUIRED,
    );
    const res = await call(analyst, 'invoices/void', { invoice_id: sent.id, reason: 'Wrong client' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.INVOICE_VOIDED);
    expect(res.json().invoice).toMatchObject({ status: 'void', void_reason: 'Wrong client', balance: 0 });
    expect((await auditRows('invoice.void'))[0]).toMatchObject({ subject: `${sent.number}: Wrong client` });
    expectError(
      await call(analyst, 'invoices/void', { invoice_id: sent.id, reason: 'Again' }),
      409,
      MESSAGES.INVOICE_VOID,
    );
    expectError(
      await call(analyst, 'invoices/send', { invoice_id: sent.id }),
      409,
      MESSAGES.INVOICE_NOT_SENDABLE,
    );
  });
});
