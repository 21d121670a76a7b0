/**
 * The firm the staff client-list tests share (filings.staff, client-file.staff, client-page.staff): an admin,
 * two analysts and five clients across the queues, two of them To Be Assigned, two the analyst's, one the
 * other analyst's.
 */
import type { FileStatus } from '@taxfirm/contract';
import { clients, eq, type Database } from '@taxfirm/db';
import { beforeAll } from 'vitest';
import { assignFiling, currentTaxYear } from '../../../../test/factories.ts';
import { signUpAndLogIn, staffSession, type StaffSession, type TestApp } from '../../../../test/helpers.ts';

export type Made = Record<string, { clientId: string; sid: string }>;

/** `made` holds every client `clientWith` signed up, by key (its address is `<key>@example.com`). */
export function queueClients(t: TestApp) {
  const made: Made = {};
  async function clientWith(
    db: Database,
    key: string,
    name: { first: string; last: string },
    status: FileStatus,
    options: { assignedTo?: string; fileNumber?: string } = {},
  ) {
    const account = await signUpAndLogIn(t, `${key}@example.com`, name);
    await assignFiling(t, account, options.assignedTo ? { userId: options.assignedTo } : null, status);
    if (options.fileNumber) {
      await db
        .update(clients)
        .set({ fileNumber: options.fileNumber })
        .where(eq(clients.id, account.clientId));
    }
    made[key] = { clientId: account.clientId, sid: account.sid };
  }
  return { made, clientWith };
}

/** The staff and the five clients (new1, new2, mine1, mine2, theirs), and the current tax year. */
export async function seedQueues(
  t: TestApp,
  clientWith: ReturnType<typeof queueClients>['clientWith'],
): Promise<{ admin: StaffSession; analyst: StaffSession; otherAnalyst: StaffSession; taxYear: number }> {
  const db = t.database.db;
  const admin = await staffSession(t, 'admin@firm.example', 'admin');
  const analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
  const otherAnalyst = await staffSession(t, 'other.analyst@firm.example', 'analyst');
  const taxYear = await currentTaxYear(t);
  await clientWith(db, 'new1', { first: 'Asha', last: 'Rao' }, 'To Be Assigned');
  await clientWith(db, 'new2', { first: 'Bina', last: 'Das' }, 'To Be Assigned');
  await clientWith(db, 'mine1', { first: 'Chetan', last: 'Iyer' }, 'Docs Upload Pending', {
    assignedTo: analyst.userId,
    fileNumber: 'TF-2026-0007',
  });
  await clientWith(db, 'mine2', { first: 'Divya', last: 'Menon' }, 'Payment Pending', {
    assignedTo: analyst.userId,
    fileNumber: 'TF-2026-0003',
  });
  await clientWith(db, 'theirs', { first: 'Esha', last: 'Kapoor' }, 'Docs Upload Pending', {
    assignedTo: otherAnalyst.userId,
    fileNumber: 'TF-2026-0009',
  });
  return { admin, analyst, otherAnalyst, taxYear };
}

/** The firm `useQueues` seeds, as bindings the tests import (filled in by `beforeAll`: read them in tests). */
export let taxYear: number;
export const admin = {} as StaffSession;
export const analyst = {} as StaffSession;
export const otherAnalyst = {} as StaffSession;

/**
 * The firm above seeded on the calling test file's app (`useTestApp()`) before its tests (`seedQueues`);
 * answers the clients made, by key, and `clientWith` to make more.
 */
export function useQueues(t: TestApp) {
  const { made, clientWith } = queueClients(t);
  beforeAll(async () => {
    const firm = await seedQueues(t, clientWith);
    taxYear = firm.taxYear;
    Object.assign(admin, firm.admin);
    Object.assign(analyst, firm.analyst);
    Object.assign(otherAnalyst, firm.otherAnalyst);
  });
  return { made, clientWith };
}
