/** The firm's price list (issue 20): staff read it, only admins replace it. */
import { MESSAGES, type PriceItem } from '@taxfirm/contract';
import { eq, invoiceLines } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  t,
  admin,
  analyst,
  asha,
  federal,
  state,
  call,
  expectError,
  createOk,
  auditRows,
  useInvoicesStaffApp,
} from './testing/invoices-staff.ts';

useInvoicesStaffApp();

// An invoice made from the list before it changes (the invoice tests made theirs before, in one file).
beforeAll(async () => {
  await createOk(analyst, asha.clientId);
});

describe('staff/pricelist', () => {
  it('lets staff read the list and only admins replace it, in order, keeping ids, audited', async () => {
    const before = (await call(analyst, 'pricelist/list', {})).json() as {
      items: PriceItem[];
      inr_enabled: boolean;
    };
    expect(before.items.map((i) => i.name)).toEqual([
      'Federal return (Form 1040)',
      'State return (each state)',
      'FBAR (FinCEN 114)',
      'ITIN application (Form W-7)',
      'India income tax return (ITR)',
      'Amended return (Form 1040-X)',
    ]);
    expect(before.inr_enabled).toBe(false);
    const items = [
      { ...state, amount: 12000 },
      { id: federal.id, name: 'Federal return', amount: 27500, currency: 'USD', active: true },
      { name: 'Extension (Form 4868)', amount: 5000 },
    ];
    expect((await call(analyst, 'pricelist/save', { items })).statusCode).toBe(403);
    expectError(
      await call(admin, 'pricelist/save', { items: [...items, { name: 'federal RETURN', amount: 1 }] }),
      400,
      MESSAGES.PRICE_ITEM_NAME_DUPLICATE,
    );
    const res = await call(admin, 'pricelist/save', { items });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.PRICE_LIST_SAVED);
    const after = res.json().items as PriceItem[];
    expect(after.map((i) => [i.name, i.amount])).toEqual([
      ['State return (each state)', 12000],
      ['Federal return', 27500],
      ['Extension (Form 4868)', 5000],
    ]);
    expect(after[0]?.id).toBe(state.id);
    expect(after[1]?.id).toBe(federal.id);
    expect((await auditRows('pricelist.save'))[0]).toMatchObject({
      actorUserId: admin.userId,
      subject: '3 items (4 removed)',
    });
    // Invoices keep their own copies of names and prices.
    const [line] = await t.database.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.description, 'Federal return (Form 1040)'))
      .limit(1);
    expect(line?.unitCents).toBe(25000);
  });
});
