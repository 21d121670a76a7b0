/**
 * The app, people and calls the signing tests share (signatures.test.ts, signing-code-and-paper.test.ts): Asha
 * (on the analyst's file, with a spouse in her profile) and Ravi (another analyst's), a Form 8879 and a full
 * return to put up, and the staff, taxpayer and spouse calls. One app per test file: `setupSigning()`.
 */
import { createHash } from 'node:crypto';
import { type SignatureDocument, type StaffSignatureDocument } from '@taxfirm/contract';
import { desc, emailOutbox, eq, spouses } from '@taxfirm/db';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { sentText, stepUpSession } from '../../../../test/helpers.ts';
import { makeTestPdf } from '../../../../test/pdf-text.ts';
import { analyst, asha, ravi, t, useSeededFirm } from '../../../../test/seeded-firm-kit.ts';

export type Session = { sid: string; userId: string; clientId: string };
export type Staff = { sid: string; userId: string };

export { admin, analyst, asha, otherAnalyst, ravi, t, taxYear } from '../../../../test/seeded-firm-kit.ts';
export let form8879: Buffer;
export let fullReturn: Buffer;

export const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const ASHA_EMAIL = 'asha.sign@example.com';
export const SPOUSE_EMAIL = 'vikram.sign@example.com';

export function createForm(fields: Record<string, string>, files: { field: string; bytes: Buffer }[]) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) {
    data.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }),
      `${file.field}.pdf`,
    );
  }
  return data;
}

export async function create(
  who: Staff,
  fields: Record<string, string>,
  files: { field: string; bytes: Buffer }[],
): Promise<LightMyRequestResponse> {
  return t.postFormAs(who.sid, '/api/staff/signatures/create', createForm(fields, files));
}

export async function createOk(fields: Record<string, string>, files: { field: string; bytes: Buffer }[]) {
  const res = await create(analyst, { client_id: asha.clientId, ...fields }, files);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document_id as string;
}

/** Puts up a document (the Form 8879's pages) on Asha's file for her spouse Vikram to sign, alone or with her. */
export const createForSpouse = (kind: string, title: string, signers: 'spouse' | 'both' = 'spouse') =>
  createOk({ kind, title, signers, spouse_name: 'Vikram Rao', spouse_email: SPOUSE_EMAIL }, [
    { field: 'document', bytes: form8879 },
  ]);

export const staffCall = (who: Staff, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/staff/signatures/${path}`, body);
export const clientCall = (who: Session, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/account/signatures/${path}`, body);
export const spouseCall = (path: string, body: Record<string, unknown>) =>
  t.post(`/api/signatures/spouse/${path}`, body);

export async function clientList(who: Session): Promise<{ documents: SignatureDocument[]; to_sign: number }> {
  const res = await clientCall(who, 'list', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function staffList(who: Staff = analyst) {
  const res = await staffCall(who, 'list', { client_id: asha.clientId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    documents: StaffSignatureDocument[];
    efile_ready: boolean;
    spouse: { name: string; email: string | null } | null;
  };
}

/** The newest e-mail to `to` whose subject contains `subject`, as sent. */
export async function lastMail(to: string, subject: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt));
  return sentText(rows.find((row) => row.subject.includes(subject)));
}

export async function clientOpen(who: Session, documentId: string, part: 'document' | 'return') {
  const res = await clientCall(who, 'open', { document_id: documentId, part });
  expect(res.statusCode, res.body).toBe(200);
  const file = await t.getAs(who.sid, res.json().url);
  expect(file.statusCode, file.body).toBe(200);
  return file;
}

export async function clientCode(who: Session, documentId: string): Promise<string> {
  const res = await clientCall(who, 'code', { document_id: documentId });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().sent_to).toBe('a•••@example.com');
  const code = /Your signing code is (\d{6})/.exec(await lastMail(ASHA_EMAIL, 'signing code'))?.[1];
  if (!code) throw new Error('no code e-mailed');
  return code;
}

export const typed = (text: string) => ({ kind: 'typed', text });
export const signBody = (documentId: string, code: string, signature: object = typed('Asha Rao')) => ({
  document_id: documentId,
  code,
  signature,
  agree: true,
});

export async function spouseToken(): Promise<string> {
  const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(await lastMail(SPOUSE_EMAIL, 'ready for you to sign'))?.[1];
  if (!token) throw new Error('no spouse link e-mailed');
  return token;
}

/** Ask for the spouse's code and read it from the e-mail (S2-05: the code comes before any file). */
export async function spouseCode(token: string): Promise<string> {
  const sent = await spouseCall('code', { token });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /Your signing code is (\d{6})/.exec(await lastMail(SPOUSE_EMAIL, 'signing code'))?.[1];
  if (!code) throw new Error('no code e-mailed');
  return code;
}

/**
 * The spouse follows the e-mailed link (its page answers) and opens the document with the code: answers the
 * link's token and the document's file link.
 */
export async function spouseOpens(): Promise<{ token: string; fileUrl: string }> {
  const token = await spouseToken();
  expect((await spouseCall('get', { token })).statusCode).toBe(200);
  const opened = await spouseCall('open', { token, part: 'document', code: await spouseCode(token) });
  expect(opened.statusCode, opened.body).toBe(200);
  return { token, fileUrl: opened.json().url as string };
}

export const getPublic = (url: string) => t.app.inject({ method: 'GET', url });

export function expectError(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().status_smessage).toBe(message);
}

/** The app with the people and files above for the calling test file: made before its tests, closed after. */
export function useSigning() {
  // Asha's address is ASHA_EMAIL (asha.<tag>@example.com).
  useSeededFirm({ tag: 'sign', status: 'Confirmation Pending' });
  beforeAll(setUpSigning);
}

async function setUpSigning() {
  form8879 = await makeTestPdf(2, 'Form 8879');
  fullReturn = await makeTestPdf(4, 'Form 1040');
  await stepUpSession(t, asha.sid);
  await stepUpSession(t, ravi.sid);
  // The tax profile's spouse: the console prefills the spouse signer's name from it.
  await t.database.db
    .insert(spouses)
    .values({ clientId: asha.clientId, firstName: 'Vikram', lastName: 'Rao' });
}
