import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DOCUMENT_CATEGORY_NAMES } from '@taxfirm/contract';
import {
  documents,
  emailOutbox,
  eq,
  filings,
  messageAttachments,
  messages,
  organizerAnswers,
  spouses,
  taxpayerProfiles,
  users,
  type Database,
} from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogIn, TEST_ENCRYPTION_KEY, type TestApp } from '../../../test/helpers.ts';
import { samplePdf } from '../../../test/files.ts';
import { S3RVER_CREDENTIALS, startS3 } from '../../../test/s3.ts';
import { TAXPAYER as TAXPAYER_SAMPLE } from '../../../test/samples.ts';
import { createKeyring, DecryptionError, keyIdOf, type Keyring } from '../../lib/crypto/keyring.ts';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { createS3Storage } from '../../lib/storage/s3-storage.ts';
import { SECRET_CONTEXT } from '../accounts/mfa.service.ts';
import { enqueueEmail, renderEmail } from '../mail/outbox.ts';
import { openBody } from '../messaging/messaging.service.ts';
import { openAnswers } from '../organizer/organizer-store.ts';
import { LEGACY_SSN_CONTEXT } from '../profile/profile.service.ts';
import { openIdentityNumber } from '../profile/identity-numbers.ts';
import { isRotationComplete, rotateKeys, type RotationReport } from './keys.service.ts';

const KEY_A = TEST_ENCRYPTION_KEY;
const KEY_B = 'rotation-key-b-Zq8Lm2Vx7Rt4Kp9Wn3Hs6Jd1Fg5';
const KEY_C = 'rotation-key-c-Yw4Nb8Qe2Tu6Mi1Oc5Xa9Gv3Lr7';
const KEY_UNLISTED = 'unlisted-key-Pd7Hk2Ws9Ef4Jn1Ua6Rb3Tc8Ym5';
const ONLY = { A: createKeyring(KEY_A), B: createKeyring(KEY_B), C: createKeyring(KEY_C) };

const TAXPAYER = { ...TAXPAYER_SAMPLE, email: 'ignored@example.com' };
const SECRET_LINK = 'https://portal.example/reset?token=secret-token-1234';
const MESSAGE = 'My SSN is 123-45-6789, for the return.';
const PDF = samplePdf(5000);
const ATTACHMENT = samplePdf(80_000);

/** Every sealed value the fixture wrote, by where it is, for checking key ids. */
async function sealedValues(db: Database): Promise<string[]> {
  const rows = await Promise.all([
    db.select({ v: taxpayerProfiles.ssnSealed }).from(taxpayerProfiles),
    db.select({ v: spouses.ssnSealed }).from(spouses),
    db.select({ v: users.mfaSecret }).from(users),
    db.select({ v: emailOutbox.secret }).from(emailOutbox),
    db.select({ v: messages.body }).from(messages),
    db.select({ v: organizerAnswers.answersSealed }).from(organizerAnswers),
  ]);
  return rows.flat().flatMap((row) => (row.v ? [row.v] : []));
}

const ACCOUNT = {
  row_id: 'nro-1',
  bank: 'State Bank of India',
  country: 'IN',
  type: 'nro',
  joint: false,
  max_value: { amount: '900000', currency: 'INR' },
  year_end_value: { amount: '850000', currency: 'INR' },
};

type Fixture = {
  asha: { clientId: string; userId: string };
  ravi: { clientId: string };
  dependentId: string;
  mfaSecret: string;
  messageId: string;
  outboxId: string;
  documentId: string;
  storageKeys: { document: string; attachment: string };
};

/** The profile, MFA, message, e-mail and files of two clients, sealed under the app's key (A). */
async function writeFixture(t: TestApp): Promise<Fixture> {
  const db = t.database.db;
  const asha = await signUpAndLogIn(t, `asha.${randomUUID()}@example.com`);
  const saved = await t.postAs(asha.sid, '/api/user/savetaxpayer', TAXPAYER);
  expect(saved.statusCode, saved.body).toBe(200);
  const spouse = { first_name: 'Vik', last_name: 'Rao', ssn: '987654321', dob: '01-02-1987' };
  expect((await t.postAs(asha.sid, '/api/user/savespouse', spouse)).statusCode).toBe(200);
  const dependent = { first_name: 'Anika', last_name: 'Rao', ssn: '111-22-3333', occupation: 'Daughter' };
  await t.postAs(asha.sid, '/api/user/savedependents', { dependentinfo: [dependent] });
  const dependentId = (await t.postAs(asha.sid, '/api/user/dependentinfo')).json().dinfo?.[0]?.id as string;

  // A number sealed before numbers were bound to their row: opened under the old context, bound on re-seal.
  const ravi = await signUpAndLogIn(t, `ravi.${randomUUID()}@example.com`, { first: 'Ravi', last: 'Kumar' });
  await t.postAs(ravi.sid, '/api/user/savetaxpayer', { ...TAXPAYER, first_name: 'Ravi' });
  await db
    .update(taxpayerProfiles)
    .set({ ssnSealed: ONLY.A.seal(Buffer.from('222334444'), LEGACY_SSN_CONTEXT) })
    .where(eq(taxpayerProfiles.clientId, ravi.clientId));

  const organizer = await t.postAs(asha.sid, '/api/account/organizer/save', {
    answers: { pan: 'ABCDE1234F', has_accounts: true, accounts: [ACCOUNT] },
  });
  expect(organizer.statusCode, organizer.body).toBe(200);

  const setup = await t.postAs(asha.sid, '/api/account/mfa/setup');
  expect(setup.statusCode).toBe(200);

  const form = new FormData();
  form.append('body', MESSAGE);
  form.append('files', new Blob([new Uint8Array(ATTACHMENT)], { type: 'application/pdf' }), 'w2.pdf');
  const sent = await t.postFormAs(asha.sid, '/api/account/messages/send', form);
  expect(sent.statusCode, sent.body).toBe(200);
  const messageId = sent.json().message_id as string;
  const [attachment] = await db
    .select({ key: messageAttachments.storageKey })
    .from(messageAttachments)
    .where(eq(messageAttachments.messageId, messageId));

  await enqueueEmail(
    db,
    'asha@example.com',
    { subject: 'Reset', text: `Open ${SECRET_LINK}`, html: `<a href="${SECRET_LINK}">Open</a>` },
    { url: SECRET_LINK, keyring: ONLY.A },
  );
  const [outbox] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.subject, 'Reset'));

  // A locked statement, stored through the driver, with its password sealed as the unlock call seals it.
  const documentId = randomUUID();
  const documentKey = `upload-uploaddocs/${randomUUID()}`;
  const stored = await t.storage.put(documentKey, Readable.from([PDF]));
  const [filing] = await db
    .select({ id: filings.id })
    .from(filings)
    .where(eq(filings.clientId, asha.clientId));
  await db.insert(documents).values({
    id: documentId,
    filingId: filing?.id ?? '',
    clientId: asha.clientId,
    category: DOCUMENT_CATEGORY_NAMES[0],
    originalName: 'statement.pdf',
    size: stored.size,
    contentType: 'application/pdf',
    storageKey: documentKey,
    sha256: stored.sha256,
    locked: true,
  });

  return {
    asha,
    ravi,
    dependentId,
    mfaSecret: setup.json().secret as string,
    messageId,
    outboxId: outbox?.id ?? '',
    documentId,
    storageKeys: { document: documentKey, attachment: attachment?.key ?? '' },
  };
}

/** Everything the fixture sealed, read back through the services with `keyring` alone. */
async function expectReadable(t: TestApp, f: Fixture, keyring: Keyring, storage: ObjectStorage) {
  const db = t.database.db;
  const deps = { db, keyring };
  expect(await openIdentityNumber(deps, f.asha.clientId, { section: 'taxpayer' })).toBe('123-45-6789');
  expect(await openIdentityNumber(deps, f.asha.clientId, { section: 'spouse' })).toBe('987-65-4321');
  expect(await openIdentityNumber(deps, f.asha.clientId, { section: 'dependent', id: f.dependentId })).toBe(
    '111-22-3333',
  );
  expect(await openIdentityNumber(deps, f.ravi.clientId, { section: 'taxpayer' })).toBe('222-33-4444');
  const [user] = await db.select().from(users).where(eq(users.id, f.asha.userId));
  expect(keyring.open(user?.mfaSecret ?? '', SECRET_CONTEXT).toString()).toBe(f.mfaSecret);
  const [organizer] = await db
    .select()
    .from(organizerAnswers)
    .where(eq(organizerAnswers.clientId, f.asha.clientId));
  expect(organizer && openAnswers(keyring, organizer)).toMatchObject({
    pan: 'ABCDE1234F',
    accounts: [ACCOUNT],
  });
  const [message] = await db.select().from(messages).where(eq(messages.id, f.messageId));
  expect(openBody(keyring, f.asha.clientId, f.messageId, message?.body ?? '')).toBe(MESSAGE);
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, f.outboxId));
  expect(mail && renderEmail(mail, keyring).text).toBe(`Open ${SECRET_LINK}`);
  expect(await buffer(await storage.get(f.storageKeys.document))).toEqual(PDF);
  expect(await buffer(await storage.get(f.storageKeys.attachment))).toEqual(ATTACHMENT);
}

const totals = (report: RotationReport) =>
  Object.fromEntries(report.kinds.map((k) => [k.kind, { resealed: k.resealed, failed: k.failures.length }]));

describe.each(['local', 's3'] as const)('key rotation, %s storage', (driver) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  let fixture: Fixture;
  /** The storage driver over the same files, sealing with `keyring`. */
  const storageWith = (keyring: Keyring): ObjectStorage =>
    s3
      ? createS3Storage(
          { bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, ...S3RVER_CREDENTIALS },
          keyring,
        )
      : createLocalStorage({ root: t.storageRoot, keyring });

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3(ONLY.A);
    t = await createTestApp({}, s3 ? { storage: s3.storage } : {});
    fixture = await writeFixture(t);
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
  });

  it('rotates A → B and B → C: every value and file key under the new key, read back with it alone', async () => {
    const db = t.database.db;
    await expectReadable(t, fixture, ONLY.A, storageWith(ONLY.A));
    // Without the old key nothing opens.
    await expect(
      openIdentityNumber({ db, keyring: ONLY.B }, fixture.asha.clientId, { section: 'taxpayer' }),
    ).rejects.toThrow(DecryptionError);
    await expect(storageWith(ONLY.B).get(fixture.storageKeys.document)).rejects.toThrow(DecryptionError);

    const toB = createKeyring(KEY_B, [KEY_A]);
    const progress: string[] = [];
    const first = await rotateKeys(
      { db, storage: storageWith(toB), keyring: toB },
      { onProgress: ({ kind, done, total }) => progress.push(`${kind} ${done}/${total}`) },
    );
    expect(isRotationComplete(first)).toBe(true);
    expect(totals(first)).toEqual({
      'identity numbers': { resealed: 4, failed: 0 },
      'MFA secrets': { resealed: 1, failed: 0 },
      // The registrations' verification links and the reset link.
      'e-mail links': { resealed: first.kinds[2]?.total, failed: 0 },
      'message bodies': { resealed: 1, failed: 0 },
      'organizer answers': { resealed: 1, failed: 0 },
      'file keys': { resealed: 2, failed: 0 },
    });
    expect(progress).toContain('identity numbers 4/4');
    expect(progress).toContain('file keys 2/2');
    for (const value of await sealedValues(db)) expect(keyIdOf(value)).toBe(ONLY.B.keyId);
    for (const key of Object.values(fixture.storageKeys)) {
      expect(await storageWith(ONLY.B).resealKey(key, { dryRun: true })).toBe('current');
    }
    await expectReadable(t, fixture, ONLY.B, storageWith(ONLY.B));

    // Run again: nothing left to do.
    const again = await rotateKeys({ db, storage: storageWith(toB), keyring: toB });
    expect(again.kinds.every((k) => k.resealed === 0 && k.current === k.total)).toBe(true);

    const toC = createKeyring(KEY_C, [KEY_B]);
    const second = await rotateKeys({ db, storage: storageWith(toC), keyring: toC });
    expect(isRotationComplete(second)).toBe(true);
    for (const value of await sealedValues(db)) expect(keyIdOf(value)).toBe(ONLY.C.keyId);
    await expectReadable(t, fixture, ONLY.C, storageWith(ONLY.C));
    await expect(storageWith(ONLY.B).get(fixture.storageKeys.attachment)).rejects.toThrow(DecryptionError);
  });
});

describe('key rotation, stopped and failing runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await writeFixture(t);
    await writeFixture(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const rotating = () => {
    const keyring = createKeyring(KEY_B, [KEY_A]);
    return { db: t.database.db, storage: createLocalStorage({ root: t.storageRoot, keyring }), keyring };
  };

  it('counts without writing in a dry run', async () => {
    const report = await rotateKeys(rotating(), { dryRun: true });
    expect(isRotationComplete(report)).toBe(true);
    expect(report.kinds.find((k) => k.kind === 'identity numbers')).toMatchObject({
      resealed: 8,
      current: 0,
    });
    expect(report.kinds.find((k) => k.kind === 'file keys')).toMatchObject({ resealed: 4, current: 0 });
    for (const value of await sealedValues(t.database.db)) expect(keyIdOf(value)).toBe(ONLY.A.keyId);
  });

  it('stops between batches when asked, and the next run goes on from there', async () => {
    const stop = new AbortController();
    const stopped = await rotateKeys(rotating(), {
      batchSize: 2,
      signal: stop.signal,
      onProgress: ({ done }) => {
        if (done > 0) stop.abort();
      },
    });
    expect(stopped.stopped).toBe(true);
    expect(isRotationComplete(stopped)).toBe(false);
    const ids = (await sealedValues(t.database.db)).map(keyIdOf);
    expect(ids.filter((id) => id === ONLY.B.keyId)).toHaveLength(2);
    expect(ids.filter((id) => id === ONLY.A.keyId).length).toBeGreaterThan(0);

    const resumed = await rotateKeys(rotating(), { batchSize: 2 });
    expect(isRotationComplete(resumed)).toBe(true);
    expect(resumed.kinds.find((k) => k.kind === 'identity numbers')).toMatchObject({
      resealed: 6,
      current: 2,
    });
    for (const value of await sealedValues(t.database.db)) expect(keyIdOf(value)).toBe(ONLY.B.keyId);
  });

  it('reports a value under a key it was not given, by kind, table and row id, and leaves it as it is', async () => {
    const [row] = await t.database.db
      .select({ id: spouses.id, clientId: spouses.clientId })
      .from(spouses)
      .limit(1);
    const unlisted = createKeyring(KEY_UNLISTED);
    const sealed = unlisted.seal(Buffer.from('999887777'), `ssn|spouses|${row?.clientId}|ssn_sealed`);
    await t.database.db
      .update(spouses)
      .set({ ssnSealed: sealed })
      .where(eq(spouses.id, row?.id ?? ''));
    const report = await rotateKeys(rotating());
    expect(isRotationComplete(report)).toBe(false);
    const identity = report.kinds.find((k) => k.kind === 'identity numbers');
    expect(identity?.failures).toEqual([
      { where: 'spouses', id: row?.id, keyId: unlisted.keyId, reason: 'unknown-key' },
    ]);
    expect(identity?.remaining).toBe(1);
    const [after] = await t.database.db
      .select()
      .from(spouses)
      .where(eq(spouses.id, row?.id ?? ''));
    expect(after?.ssnSealed).toBe(sealed);
  });
});
