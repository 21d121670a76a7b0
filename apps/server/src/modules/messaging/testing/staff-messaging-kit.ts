/**
 * Shared by the staff messaging tests (messaging.staff, message-attachments.staff, canned-replies.staff): one
 * app with the seeded firm (an admin, two analysts; Asha's file is the analyst's, Ravi's the other analyst's),
 * Meera with no analyst (file number NRI_50%), Ravi's file number TX-7781, and a first message from each
 * client (Asha's with two PDFs, Ravi's with one). `useStaffMessagingApp()` sets them up for the calling test
 * file; the bindings below are live (ES modules), so tests read them as plain names.
 */
import { readdir } from 'node:fs/promises';
import type { StaffInbox } from '@taxfirm/contract';
import { and, clients, eq, filings, messageAttachments } from '@taxfirm/db';
import { beforeAll, expect } from 'vitest';
import {
  signUpAndLogIn,
  type ClientSession as Session,
  type StaffSession as Staff,
} from '../../../../test/helpers.ts';
import { asha, ravi, t, taxYear, useSeededFirm } from '../../../../test/seeded-firm-kit.ts';
import { insertStaffItem } from '../../requests/testing/checklist-helpers.ts';
import { pdf, sendAsClient, sendAsStaff, staffThread, type FormFile } from './message-forms.ts';

export { admin, analyst, asha, otherAnalyst, ravi, t, taxYear } from '../../../../test/seeded-firm-kit.ts';
export let meera: Session;

export const clientSend = (who: Session, body: string, files?: FormFile[]) =>
  sendAsClient(t, who, { body }, files);
export const staffSend = (who: Staff, fields: Record<string, string>, files?: FormFile[]) =>
  sendAsStaff(t, who, fields, files);
export const call = (who: Staff, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/staff/messages/${path}`, body);
export const thread = (who: Staff, client: Session) => staffThread(t, who, client);
export async function inbox(who: Staff, body: Record<string, unknown> = {}): Promise<StaffInbox> {
  const res = await call(who, 'inbox', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffInbox;
}
export const names = (box: StaffInbox) => box.threads.map((row) => row.name);

/** How many objects the storage holds (their metadata files left out). */
export async function storedObjects(): Promise<number> {
  const entries = await readdir(t.storageRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.endsWith('.meta')).length;
}

/** The id of `client`'s first attachment named `name`. */
export async function attachmentNamed(client: Session, name: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: messageAttachments.id })
    .from(messageAttachments)
    .where(and(eq(messageAttachments.clientId, client.clientId), eq(messageAttachments.originalName, name)));
  if (!row) throw new Error(`no attachment ${name}`);
  return row.id;
}

/** A checklist item "W-2 from Acme" on `client`'s filing of this tax year, as staff add it. */
export async function addW2Item(client: Session): Promise<void> {
  const [filing] = await t.database.db
    .select()
    .from(filings)
    .where(and(eq(filings.clientId, client.clientId), eq(filings.taxYear, taxYear)));
  await insertStaffItem(t.database.db, client, {
    title: 'W-2 from Acme',
    type: 'w2',
    position: 1,
    filingId: filing?.id ?? '',
  });
}

/** Start the app and its people and first messages before the file's tests, and close it after them. */
export function useStaffMessagingApp() {
  useSeededFirm({ tag: 'staffmsg', status: 'Docs Upload Pending' });
  beforeAll(async () => {
    meera = await signUpAndLogIn(t, 'meera.staffmsg@example.com', { first: 'Meera', last: 'Iyer' });
    await t.database.db.update(clients).set({ fileNumber: 'TX-7781' }).where(eq(clients.id, ravi.clientId));
    await t.database.db.update(clients).set({ fileNumber: 'NRI_50%' }).where(eq(clients.id, meera.clientId));
    expect(
      (await clientSend(asha, 'Asha writes', [pdf('asha-w2.pdf'), pdf('asha-1099.pdf')])).statusCode,
    ).toBe(200);
    expect((await clientSend(ravi, 'Ravi writes', [pdf('ravi-w2.pdf')])).statusCode).toBe(200);
    expect((await clientSend(meera, 'Meera writes')).statusCode).toBe(200);
  });
}
