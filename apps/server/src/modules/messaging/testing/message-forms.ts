/**
 * Shared by the messaging tests, client and staff side: a message as the browser posts it (fields and files,
 * multipart), a client's and a staff member's send, and the staff view of a client's thread.
 */
import type { StaffThread } from '@taxfirm/contract';
import { expect } from 'vitest';
import { samplePdf } from '../../../../test/files.ts';
import type { ClientSession, StaffSession, TestApp } from '../../../../test/helpers.ts';

export type FormFile = { name: string; bytes: Buffer; type: string };

/** A message's form: its fields, then its files under `files`. */
export function messageForm(fields: Record<string, string>, files: FormFile[] = []) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) {
    data.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return data;
}

/** A 5000-byte PDF named `name`. */
export const pdf = (name: string): FormFile => ({ name, bytes: samplePdf(5000), type: 'application/pdf' });

export const sendAsClient = (
  t: TestApp,
  who: ClientSession,
  fields: Record<string, string>,
  files?: FormFile[],
) => t.postFormAs(who.sid, '/api/account/messages/send', messageForm(fields, files));

export const sendAsStaff = (
  t: TestApp,
  who: StaffSession,
  fields: Record<string, string>,
  files?: FormFile[],
) => t.postFormAs(who.sid, '/api/staff/messages/send', messageForm(fields, files));

/** `client`'s conversation as `who` (staff) opens it; the call must succeed. */
export async function staffThread(
  t: TestApp,
  who: StaffSession,
  client: ClientSession,
): Promise<StaffThread> {
  const res = await t.postAs(who.sid, '/api/staff/messages/thread', { client_id: client.clientId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffThread;
}
