/**
 * The people, calls and checks the security-review-2 signing tests share (signed-document.test.ts,
 * signer-access.test.ts): a client on a file assigned to an analyst, the signers' and staff calls, codes and
 * links read from the e-mails, and an app that sends through a real SMTP server.
 */
import { CALLS, type StaffSignatureDocument } from '@taxfirm/contract';
import { desc, emailOutbox, eq, filings, signatureDocuments } from '@taxfirm/db';
import { expect } from 'vitest';
import {
  createTestApp,
  sentText,
  signUpAndLogIn,
  staffSession,
  stepUpSession,
  type TestApp,
} from '../../../../test/helpers.ts';
import { makeTestPdf } from '../../../../test/pdf-text.ts';
import { startSmtpServer } from '../../../../test/smtp.ts';
import { uploadKeyPrefix } from '../../../lib/storage/upload-prefix.ts';
import { createForm } from './signing-kit.ts';

export type Session = { sid: string; userId: string; clientId: string; email: string };
export type Staff = { sid: string; userId: string };
export type People = { analyst: Staff; otherAnalyst: Staff; client: Session; spouseEmail: string };

/** Where the signature files are stored (as signature-files.ts has it). */
export const SIGNATURE_KEY_PREFIX = uploadKeyPrefix(CALLS.staffSignaturesCreate);
export const typed = (text: string) => ({ kind: 'typed', text });
export const PNG_BOMB_LIKE = `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`;

let serial = 0;
/** A client on a file assigned to an analyst, stepped up, with a second analyst who is not on the file. */
export async function people(t: TestApp): Promise<People> {
  serial += 1;
  const email = `asha.r2.${serial}@example.com`;
  const analyst = await staffSession(t, `analyst.r2.${serial}@firm.example`, 'analyst');
  const otherAnalyst = await staffSession(t, `other.r2.${serial}@firm.example`, 'analyst');
  const client = { ...(await signUpAndLogIn(t, email, { first: 'Asha', last: 'Rao' })), email };
  await t.database.db
    .update(filings)
    .set({ status: 'Confirmation Pending', assignedTo: analyst.userId })
    .where(eq(filings.clientId, client.clientId));
  await stepUpSession(t, client.sid);
  return { analyst, otherAnalyst, client, spouseEmail: `vikram.r2.${serial}@example.com` };
}

export const create = async (t: TestApp, p: People, fields: Record<string, string>, bytes: Buffer) =>
  t.postFormAs(
    p.analyst.sid,
    '/api/staff/signatures/create',
    createForm({ client_id: p.client.clientId, ...fields }, [{ field: 'document', bytes }]),
  );

export async function createOk(t: TestApp, p: People, fields: Record<string, string>): Promise<string> {
  const res = await create(t, p, fields, await makeTestPdf(1, 'Letter'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document_id as string;
}

export const withSpouse = (p: People, title: string) => ({
  kind: 'engagement',
  title,
  signers: 'both',
  spouse_name: 'Vikram Rao',
  spouse_email: p.spouseEmail,
});

/**
 * The newest e-mail to `to` whose subject contains `subject`, as sent. The app of this file sends through a
 * real SMTP server, and the worker drops a sent row's sealed link or code: then it is read as received.
 */
export async function lastMail(t: TestApp, to: string, subject: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt));
  const row = rows.find((r) => r.subject.includes(subject));
  if (!row || row.secret !== null || row.status !== 'sent') return sentText(row);
  const received = () =>
    smtp.received.filter((m) => m.to.includes(to) && m.raw.includes(subject)).at(-1)?.raw ?? '';
  await expect.poll(received, { timeout: 10_000 }).not.toBe('');
  return received();
}

export const clientCall = (t: TestApp, p: People, path: string, body: Record<string, unknown>) =>
  t.postAs(p.client.sid, `/api/account/signatures/${path}`, body);
export const spouseCall = (t: TestApp, path: string, body: Record<string, unknown>) =>
  t.post(`/api/signatures/spouse/${path}`, body);
export const staffCall = (t: TestApp, who: Staff, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/staff/signatures/${path}`, body);

export async function clientOpen(t: TestApp, p: People, documentId: string) {
  const res = await clientCall(t, p, 'open', { document_id: documentId, part: 'document' });
  expect(res.statusCode, res.body).toBe(200);
  expect((await t.getAs(p.client.sid, res.json().url)).statusCode).toBe(200);
}

export async function clientCode(t: TestApp, p: People, documentId: string): Promise<string> {
  const res = await clientCall(t, p, 'code', { document_id: documentId });
  expect(res.statusCode, res.body).toBe(200);
  const code = /Your signing code is (\d{6})/.exec(await lastMail(t, p.client.email, 'signing code'))?.[1];
  if (!code) throw new Error('no code e-mailed');
  return code;
}

export const signBody = (documentId: string, code: string, signature: object = typed('Asha Rao')) => ({
  document_id: documentId,
  code,
  signature,
  agree: true,
});

export async function spouseToken(t: TestApp, p: People): Promise<string> {
  const mail = await lastMail(t, p.spouseEmail, 'ready for you to sign');
  const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error('no spouse link e-mailed');
  return token;
}

export async function spouseCode(t: TestApp, p: People, token: string): Promise<string> {
  const sent = await spouseCall(t, 'code', { token });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /Your signing code is (\d{6})/.exec(await lastMail(t, p.spouseEmail, 'signing code'))?.[1];
  if (!code) throw new Error('no code e-mailed');
  return code;
}

export async function staffDoc(t: TestApp, p: People, id: string, who: Staff = p.analyst) {
  const res = await staffCall(t, who, 'list', { client_id: p.client.clientId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().documents as StaffSignatureDocument[]).find((d) => d.document_id === id);
}

/** A taxpayer-only document, signed all the way: its id. */
export async function signedDocument(t: TestApp, p: People): Promise<string> {
  const id = await createOk(t, p, { kind: 'other', title: 'Signed letter', signers: 'taxpayer' });
  await clientOpen(t, p, id);
  const code = await clientCode(t, p, id);
  const signed = await clientCall(t, p, 'sign', signBody(id, code));
  expect(signed.statusCode, signed.body).toBe(200);
  expect(signed.json().complete).toBe(true);
  return id;
}

export const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

/** Every object under the signature prefix that no document row points at. */
export async function orphans(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.select().from(signatureDocuments);
  const known = new Set(
    rows.flatMap((row) => [row.storageKey, row.returnStorageKey, row.signedStorageKey]).filter(Boolean),
  );
  const found: string[] = [];
  for await (const object of t.storage.list(SIGNATURE_KEY_PREFIX)) {
    if (!known.has(object.key)) found.push(object.key);
  }
  return found;
}

/** The SMTP server of this test file's app (what it received). */
export let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

/** The app of a test file, sending through a real SMTP server. */
export async function startSigningApp(): Promise<TestApp> {
  smtp = await startSmtpServer();
  return createTestApp({ mail: { smtpUrl: smtp.url, from: 'portal@firm.test', pollMs: 60_000 } });
}

export async function stopSigningApp(t: TestApp): Promise<void> {
  await t.close();
  await smtp.close();
}
