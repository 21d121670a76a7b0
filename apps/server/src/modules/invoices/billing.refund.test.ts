/**
 * Refunding invoice payments (issue 20), on PGlite and PostgreSQL: an admin's refund goes through the provider
 * first and reopens the balance; it is recorded before money moves (S2-09) and asks for a fresh step-up.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, auditLog, emailOutbox, eq, paymentRefunds, sandboxCharges, sandboxRefunds } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { createTestApp, staffSession, stepUpSession, TEST_SECRET } from '../../../test/helpers.ts';
import { createSandboxProvider, sandboxSecret } from '../payments/providers/sandbox.ts';
import { reconcilePendingRefunds } from './billing.service.ts';
import {
  clientIn,
  invoiceFor,
  invoiceRow,
  snapshot,
  refundAs,
  refundPaid,
  useBillingDesk,
  refundPaidOk,
  refundRows,
  paymentOf,
  leavePending,
  reconcile,
  audits,
} from './testing/billing.ts';

describe('refunding invoice payments with the sandbox provider', () => {
  const { t, admin, analyst, payAll } = useBillingDesk();

  it('an admin refund goes through the provider, reopens the balance and the status, and tells the client', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 35000);
    const { orderId, paymentId } = await payAll(client, invoice.id);

    const res = await refundPaidOk(
      t,
      admin,
      { invoiceId: invoice.id, orderId },
      10000,
      'Discount agreed after filing',
    );
    expect(res.json()).toMatchObject({
      status_smessage: 'Refund recorded.',
      invoice: {
        id: invoice.id,
        status: 'partly_paid',
        paid: 35000,
        refunded: 10000,
        balance: 10000,
        payments: [{ order_id: orderId, payment_id: paymentId, amount: 35000, refunded: 10000 }],
        refunds: [{ order_id: orderId, amount: 10000, reason: 'Discount agreed after filing' }],
      },
    });
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
      status: 'partly_paid',
      refundedCents: 10000,
      paidAt: null,
    });
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, paymentId));
    expect(charge?.refundedCents).toBe(10000);
    const [refund] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.invoiceId, invoice.id));
    expect(refund).toMatchObject({ amountCents: 10000, currency: 'USD', createdBy: admin.userId });
    expect(refund?.providerRefundId).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.refund'), eq(auditLog.clientId, client.clientId)));
    expect(audits).toHaveLength(1);
    const mail = (
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email))
    ).find((m) => m.subject === `A refund was made on invoice ${invoice.number}`);
    expect(mail).toBeDefined();
    // The client's own record of the payment shows what was refunded.
    const own = (await t.postAs(client.sid, '/api/account/payments/order', { order_id: orderId })).json();
    expect(own.order).toMatchObject({ refunded: 10000, invoice_number: invoice.number });

    // The rest of it: the invoice is back to sent, with its whole balance due.
    const rest = await refundPaidOk(t, admin, { invoiceId: invoice.id, orderId }, 25000, 'Client cancelled');
    expect(rest.json().invoice).toMatchObject({ status: 'sent', balance: 35000, refunded: 35000 });
  });

  it('refuses a refund over what is left of the payment without asking the provider, and an analyst (403)', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    const { orderId, paymentId } = await payAll(client, invoice.id);
    const body = { invoice_id: invoice.id, order_id: orderId, amount: 20001, reason: 'Too much' };
    const before = await snapshot(t, client);

    const over = await refundAs(t, admin, body);
    expect(over.statusCode).toBe(422);
    expect(over.json().status_smessage).toBe(
      'Enter a refund of at least 0.01 and no more than what is left of the payment.',
    );
    const byAnalyst = await t.postAs(analyst.sid, '/api/staff/invoices/refund', { ...body, amount: 100 });
    expect(byAnalyst.statusCode).toBe(403);
    const unknownOrder = await refundAs(t, admin, {
      ...body,
      order_id: 'order_NotOnThisInvoice',
      amount: 100,
    });
    expect(unknownOrder.statusCode).toBe(404);
    expect(unknownOrder.json().status_smessage).toBe('That payment is not on this invoice.');

    expect(await snapshot(t, client)).toEqual(before);
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, paymentId));
    expect(charge?.refundedCents).toBe(0);
    expect(
      await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.invoiceId, invoice.id)),
    ).toEqual([]);
  });

  describe('refunds recorded before money moves (S2-09) and their step-up', () => {
    const sandbox = () => createSandboxProvider({ db: t.database.db, secret: sandboxSecret(TEST_SECRET) });
    const chargeOf = async (id: string) =>
      (await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)))[0];

    it('asks for a fresh step-up: without one, 403 STEP_UP_REQUIRED and nothing changes', async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const notStepped = await staffSession(t, `billing-admin-nostep-${Date.now()}@firm.test`, 'admin');
      const before = await snapshot(t, client);
      const res = await t.postAs(notStepped.sid, '/api/staff/invoices/refund', {
        invoice_id: invoice.id,
        order_id: orderId,
        amount: 5000,
        reason: 'Goodwill',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        status_smessage: MESSAGES.STEP_UP_REQUIRED,
      });
      expect(await snapshot(t, client)).toEqual(before);
      expect((await chargeOf(paymentId))?.refundedCents).toBe(0);
      expect(await refundRows(t.database.db, invoice.id)).toEqual([]);
      // Stepped up, the same session may.
      expect(
        (
          await refundAs(t, notStepped, {
            invoice_id: invoice.id,
            order_id: orderId,
            amount: 5000,
            reason: 'Goodwill',
          })
        ).statusCode,
      ).toBe(200);
    });

    it("completes the row it wrote pending, and the provider's refund carries the row's key", async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      await refundPaidOk(t, admin, { invoiceId: invoice.id, orderId }, 5000, 'Goodwill');
      const [row] = await refundRows(t.database.db, invoice.id);
      expect(row).toMatchObject({ status: 'completed', amountCents: 5000, failureReason: null });
      expect(row?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(row?.settledAt).toBeInstanceOf(Date);
      const [made] = await t.database.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.chargeId, paymentId));
      expect(made).toMatchObject({
        id: row?.providerRefundId,
        idempotencyKey: row?.idempotencyKey,
        amountCents: 5000,
      });
    });

    it('marks the row failed when the provider refuses: 422, no money moved, the invoice unchanged', async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      // Refunded at the provider's own dashboard meanwhile: the provider has nothing left to give back.
      await t.database.db
        .update(sandboxCharges)
        .set({ refundedCents: 20000 })
        .where(eq(sandboxCharges.id, paymentId));
      const before = await invoiceRow(t.database.db, invoice.id);
      const res = await refundPaid(t, admin, { invoiceId: invoice.id, orderId }, 5000, 'Goodwill');
      expect(res.statusCode).toBe(422);
      expect(res.json().status_smessage).toBe(MESSAGES.REFUND_PROVIDER_REFUSED);
      const rows = await refundRows(t.database.db, invoice.id);
      expect(rows).toEqual([
        expect.objectContaining({
          status: 'failed',
          providerRefundId: null,
          failureReason: expect.any(String),
        }),
      ]);
      expect(await invoiceRow(t.database.db, invoice.id)).toEqual(before);
      expect((await paymentOf(t.database.db, orderId)).refundedCents).toBe(0);
      expect(await audits(t.database.db, client.clientId, 'invoice.refund')).toEqual([]);
      expect(await audits(t.database.db, client.clientId, 'invoice.refund.failed')).toHaveLength(1);
      // The client hears of no refund, and the invoice lists none.
      const shown = (
        await t.postAs(client.sid, '/api/account/invoices/get', { invoice_id: invoice.id })
      ).json();
      expect(shown.invoice.refunds).toEqual([]);
    });

    it('refuses a second refund while one is pending (409), without asking the provider; two at once refund once', async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const payment = await paymentOf(t.database.db, orderId);
      const body = { invoice_id: invoice.id, order_id: orderId, amount: 5000, reason: 'Goodwill' };

      const inFlight = await leavePending(t.database.db, payment, 5000, 0);
      const again = await refundAs(t, admin, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().status_smessage).toBe(MESSAGES.REFUND_IN_PROGRESS);
      expect((await chargeOf(paymentId))?.refundedCents).toBe(0);
      expect((await refundRows(t.database.db, invoice.id)).map((r) => r.id)).toEqual([inFlight.id]);
      // That one turns out never to have reached the provider: the pass fails it, and a new refund may go.
      await t.database.db
        .update(paymentRefunds)
        .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(paymentRefunds.id, inFlight.id));
      expect(await reconcile(t, sandbox())).toMatchObject({ completed: 0, failed: 1 });

      await stepUpSession(t, admin.sid);
      const twice = await Promise.all([
        t.postAs(admin.sid, '/api/staff/invoices/refund', { ...body, amount: 15000 }),
        t.postAs(admin.sid, '/api/staff/invoices/refund', { ...body, amount: 15000 }),
      ]);
      expect(twice.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
      expect([409, 422]).toContain(twice.map((r) => r.statusCode).sort()[1]);
      expect((await chargeOf(paymentId))?.refundedCents).toBe(15000);
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ refundedCents: 15000 });
    });

    it('runs the reconcile pass on its own shortly after the app starts', async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const crashed = await leavePending(t.database.db, await paymentOf(t.database.db, orderId), 4000);
      await sandbox().refundPayment({ id: paymentId, currency: 'USD' }, 4000, crashed.idempotencyKey);
      // The app started again on the same database (the default: its pass runs at start, then every ten minutes).
      const restarted = await createTestApp(
        { refundReconcile: { firstRunMs: 100 } },
        { database: t.database },
      );
      try {
        await expect
          .poll(async () => (await refundRows(t.database.db, invoice.id))[0]?.status, { timeout: 10_000 })
          .toBe('completed');
      } finally {
        await restarted.app.close();
      }
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ refundedCents: 4000 });
    });

    it("reconciles a pending row left by a crash: completed from the provider's record, or failed when it has none", async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 30000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const payment = await paymentOf(t.database.db, orderId);

      // The process wrote the row, asked the provider, and died before completing it.
      const crashed = await leavePending(t.database.db, payment, 10000);
      const made = await sandbox().refundPayment(
        { id: paymentId, currency: 'USD' },
        10000,
        crashed.idempotencyKey,
      );
      // A young pending row may still have its request in flight: the pass leaves it alone.
      expect(
        await reconcilePendingRefunds(
          {
            db: t.database.db,
            provider: sandbox(),
            firm: async () => {
              throw new Error('not asked');
            },
            appUrl: '',
          },
          { olderThanMs: 60 * 60_000 },
        ),
      ).toEqual({ completed: 0, failed: 0, left: 0 });
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ status: 'paid', refundedCents: 0 });

      expect(await reconcile(t, sandbox())).toMatchObject({ completed: 1, failed: 0 });
      expect((await refundRows(t.database.db, invoice.id))[0]).toMatchObject({
        id: crashed.id,
        status: 'completed',
        providerRefundId: made.id,
      });
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
        status: 'partly_paid',
        refundedCents: 10000,
      });
      expect((await paymentOf(t.database.db, orderId)).refundedCents).toBe(10000);
      const [audit] = await audits(t.database.db, client.clientId, 'invoice.refund');
      expect(audit).toMatchObject({ actorUserId: null });
      const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
      expect(
        mails.filter((m) => m.subject === `A refund was made on invoice ${invoice.number}`),
      ).toHaveLength(1);
      // A second pass finds nothing to do: nothing is counted twice.
      expect(await reconcile(t, sandbox())).toEqual({ completed: 0, failed: 0, left: 0 });

      // The process died before the provider was asked: the provider has no record, the row fails.
      const never = await leavePending(t.database.db, payment, 5000);
      expect(await reconcile(t, sandbox())).toMatchObject({ completed: 0, failed: 1 });
      expect((await refundRows(t.database.db, invoice.id)).find((r) => r.id === never.id)).toMatchObject({
        status: 'failed',
        failureReason: 'The provider has no record of this refund.',
      });
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ refundedCents: 10000 });
      expect((await chargeOf(paymentId))?.refundedCents).toBe(10000);
    });
  });
});
