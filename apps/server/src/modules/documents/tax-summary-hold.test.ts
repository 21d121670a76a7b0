/**
 * The tax summary held until paid (issue 20): listed as held, with no link, its download refused while the
 * year's invoice has a balance.
 */
import { eq, filings, invoices, siteSettings } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear, makeInvoice, makeTaxSummary } from '../../../test/factories.ts';
import { samplePdf } from '../../../test/files.ts';
import { createTestApp, signUpAndLogIn, type TestApp } from '../../../test/helpers.ts';

describe('the tax summary held until paid (issue 20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const hold = (on: boolean) =>
    t.database.db
      .update(siteSettings)
      .set({ invoiceHoldSummary: on })
      .where(eq(siteSettings.singleton, true));
  type Listed = { synopsys_title: string; synopsys_file: string; held_until_paid?: boolean };
  const listed = async (sid: string) =>
    (await t.postAs(sid, '/api/user/usersynopsys')).json().synopsysinfo as Listed[];

  it("lists it as held, with no link, and refuses its download while the year's invoice has a balance; never without the setting", async () => {
    const client = await signUpAndLogIn(t, `held-${Date.now()}@example.com`);
    const year = await currentTaxYear(t);
    const bytes = samplePdf(5000);
    await makeTaxSummary(t, { clientId: client.clientId, taxYear: year, title: 'Final summary', bytes });
    // Another year's unpaid invoice, a draft and a void one hold nothing.
    await t.database.db.insert(filings).values({ clientId: client.clientId, taxYear: year - 1 });
    await makeInvoice(t.database.db, { clientId: client.clientId, taxYear: year - 1, totalCents: 9000 });
    await makeInvoice(t.database.db, {
      clientId: client.clientId,
      taxYear: year,
      totalCents: 9000,
      status: 'draft',
    });
    await makeInvoice(t.database.db, {
      clientId: client.clientId,
      taxYear: year,
      totalCents: 9000,
      status: 'void',
    });
    await hold(true);
    try {
      const [free] = await listed(client.sid);
      expect(free).toMatchObject({ synopsys_title: 'Final summary', held_until_paid: false });
      const oldLink = free?.synopsys_file ?? '';
      expect((await t.getAs(client.sid, oldLink)).statusCode).toBe(200);

      const invoice = await makeInvoice(t.database.db, {
        clientId: client.clientId,
        taxYear: year,
        totalCents: 35000,
      });
      const [held] = await listed(client.sid);
      expect(held).toEqual({
        synopsys_title: 'Final summary',
        synopsys_file: '',
        synopsys_status: 'Ready for your review',
        held_until_paid: true,
      });
      // A link given out before the invoice opens nothing while it holds.
      const refused = await t.getAs(client.sid, oldLink);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().status_smessage).toBe('Available once your invoice is paid.');

      // Partly paid: still held. Paid: available again.
      await t.database.db
        .update(invoices)
        .set({ status: 'partly_paid', paidCents: 20000 })
        .where(eq(invoices.id, invoice.id));
      expect((await listed(client.sid))[0]?.held_until_paid).toBe(true);
      await t.database.db
        .update(invoices)
        .set({ status: 'paid', paidCents: 35000 })
        .where(eq(invoices.id, invoice.id));
      const [paid] = await listed(client.sid);
      expect(paid?.held_until_paid).toBe(false);
      const download = await t.getAs(client.sid, paid?.synopsys_file ?? '');
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);

      // Owing again, with the setting off: never held.
      await makeInvoice(t.database.db, { clientId: client.clientId, taxYear: year, totalCents: 5000 });
      expect((await listed(client.sid))[0]?.held_until_paid).toBe(true);
      await hold(false);
      const [off] = await listed(client.sid);
      expect(off?.held_until_paid).toBe(false);
      expect((await t.getAs(client.sid, off?.synopsys_file ?? '')).statusCode).toBe(200);
    } finally {
      await hold(false);
    }
  });
});
