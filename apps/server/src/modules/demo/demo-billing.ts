/** The demo client's bill: the invoice once payment is asked for, and its payment. */
import { invoiceNumber } from '@taxfirm/contract';
import { invoiceLines, invoices, invoiceSequences, payments } from '@taxfirm/db';
import { DAY_MS, reached, type DemoFile } from './demo-file.ts';

/** The invoice once payment is asked for; paid from Review Pending on. */
export async function seedInvoice(f: DemoFile): Promise<void> {
  const { db, r, status, current, clientId, filingId, analyst } = f;
  const invoiceYear = current + 1;
  if (reached(status, 'Payment Pending')) {
    f.seq.invoice += 1;
    const invoiceSeq = f.seq.invoice;
    const total = r.pick([25_000, 35_000, 45_000, 60_000]);
    const paid = reached(status, 'Review Pending');
    // Paid before the file moved on; in Review Pending, every other client paid since (My work lists it).
    const paidAt =
      status === 'Review Pending' && f.i % 2 === 0 ? new Date() : new Date(f.statusSince.getTime() - DAY_MS);
    await db
      .insert(invoiceSequences)
      .values({ year: invoiceYear, last: invoiceSeq })
      .onConflictDoUpdate({ target: invoiceSequences.year, set: { last: invoiceSeq } });
    const [invoice] = await db
      .insert(invoices)
      .values({
        clientId,
        filingId,
        taxYear: current,
        number: invoiceNumber(invoiceYear, invoiceSeq),
        numberYear: invoiceYear,
        numberSeq: invoiceSeq,
        currency: 'USD',
        status: paid ? 'paid' : 'sent',
        subtotalCents: total,
        totalCents: total,
        paidCents: paid ? total : 0,
        dueDate: `${current + 1}-04-15`,
        createdBy: analyst,
        sentAt: new Date(),
        sentBy: analyst,
        paidAt: paid ? paidAt : null,
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error('invoice not made');
    await db.insert(invoiceLines).values({
      invoiceId: invoice.id,
      position: 0,
      description: `Federal and state returns ${current}`,
      quantity: 1,
      unitCents: total,
      amountCents: total,
    });
    if (paid) {
      await db.insert(payments).values({
        clientId,
        filingId,
        provider: 'sandbox',
        orderId: `order_demo_${invoiceSeq}`,
        amountCents: total,
        currency: 'USD',
        status: 'paid',
        providerPaymentId: `pay_demo_${invoiceSeq}`,
        method: 'card',
        paidAt,
        invoiceId: invoice.id,
      });
    }
  }
}
