/**
 * Shared by the staff invoice tests (invoices.staff, invoice-list.staff, price-list.staff): one app with
 * an admin, two analysts, two clients (Asha's file is the analyst's, Ravi's the other analyst's) and the
 * seeded price list's federal and state items. `useInvoicesStaffApp()` sets them up for the calling test file;
 * the bindings below are live (ES modules), so tests read them as plain names.
 */
import type { PriceItem, StaffInvoice } from '@taxfirm/contract';
import { auditLog, desc, eq, siteSettings, sql } from '@taxfirm/db';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { analyst, t, taxYear, useSeededFirm } from '../../../../test/seeded-firm-kit.ts';

export type Session = { sid: string; userId: string; clientId: string };
export type Staff = { sid: string; userId: string };

export { admin, analyst, asha, otherAnalyst, ravi, t, taxYear } from '../../../../test/seeded-firm-kit.ts';
export let federal: PriceItem;
export let state: PriceItem;

export const ASHA_EMAIL = 'asha.invoices@example.com';

export const call = (who: Staff, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/staff/${path}`, body);

export function expectError(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().status_smessage).toBe(message);
}

/** Federal + one state, 10% off: $350.00 less $35.00. */
export const federalAndState = () => ({
  lines: [
    { price_item_id: federal.id, description: federal.name, quantity: 1, unit_amount: federal.amount },
    { price_item_id: state.id, description: state.name, quantity: 1, unit_amount: state.amount },
  ],
  discount: { kind: 'percent', value: 10, reason: 'Returning client' },
});

export async function createOk(who: Staff, clientId: string, body: Record<string, unknown> = {}) {
  const res = await call(who, 'invoices/create', {
    taxy: taxYear,
    client_id: clientId,
    ...federalAndState(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invoice as StaffInvoice;
}

/** The firm's one settings row: INR invoices on or off. */
export const setInr = (on: boolean) =>
  t.database.db
    .update(siteSettings)
    .set({ invoiceInrEnabled: on })
    .where(sql`true`);

export const auditRows = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt));

export const thisYear = () =>
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric' }).format(new Date()),
  );

/** Start the app and its people before the file's tests, and close it after them. */
export function useInvoicesStaffApp() {
  // Asha's address is ASHA_EMAIL (asha.<tag>@example.com).
  useSeededFirm({ tag: 'invoices', status: 'Payment Pending' });
  beforeAll(async () => {
    const list = await call(analyst, 'pricelist/list', {});
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as PriceItem[];
    const byName = (start: string) => {
      const item = items.find((i) => i.name.startsWith(start));
      if (!item) throw new Error(`no ${start} item in the seeded price list`);
      return item;
    };
    federal = byName('Federal');
    state = byName('State');
  });
}
