/**
 * Completing a document (S2-01, S2-07): the signature checked for the PDF, the signer's evidence as it will
 * be recorded, the signed file made (signed-pdf.ts) and stored outside any transaction when this is the last
 * signer, and the recording transaction that checks everything again on the locked rows, writes the signature
 * and the completion (key, SHA-256 of the bytes stored), and writes the audit rows last.
 */
import { Readable } from 'node:stream';
import { FIRM_TIME_ZONE, MESSAGES, SIGNATURE_SIGNED_LINK_DAYS, type SignatureInput } from '@taxfirm/contract';
import { eq, filings, signatureDocuments, signatureSigners, type Database } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { emit } from '../activity/events.ts';
import { readStored } from './signature-files.ts';
import { iso, locked, unprocessable, type SignerRow, type Tx } from './signature-rows.ts';
import { sha256Of } from './signed-files.ts';
import {
  canDrawTypedSignature,
  canEmbedPng,
  makeSignedPdf,
  pngOfDataUrl,
  UnreadablePdfError,
  type SignedBy,
} from './signed-pdf.ts';
import { checkCode } from './signing-codes.ts';
import {
  assertReadyToSign,
  auditActorOf,
  auditPrefix,
  signerAndDocument,
  type SignerIdentity,
} from './signer-identity.ts';

export const VERIFIED_BY_LOGIN = 'password or authenticator step-up + e-mailed one-time code: passed';
export const VERIFIED_BY_LINK = 'e-mailed link + e-mailed one-time code: passed';

const SIGNED_LINK_MS = SIGNATURE_SIGNED_LINK_DAYS * 24 * 60 * 60_000;

/** The signature as stored: refused (422) when it cannot be drawn on the PDF. */
export async function checkedSignature(input: SignatureInput, account: string): Promise<CheckedSignature> {
  if (input.kind === 'typed') {
    const text = input.text.trim();
    if (!(await canDrawTypedSignature(text))) {
      throw unprocessable(MESSAGES.SIGNATURE_TEXT_UNSUPPORTED, 'signature');
    }
    return { kind: 'typed', text };
  }
  const png = pngOfDataUrl(input.png);
  if (!png || !(await canEmbedPng(png, { account })))
    throw unprocessable(MESSAGES.SIGNATURE_DRAWING_REQUIRED, 'signature');
  return { kind: 'drawn', png, dataUrl: input.png };
}

export type CheckedSignature =
  { kind: 'typed'; text: string } | { kind: 'drawn'; png: Buffer; dataUrl: string };

/** The signer's evidence as the signing will record it (also what the signed file prints). */
export function signedRowOf(
  signer: SignerRow,
  who: SignerIdentity,
  signature: CheckedSignature,
  now: Date,
): SignerRow {
  const origin = who.kind === 'client' ? who.actor : who.origin;
  return {
    ...signer,
    signatureKind: signature.kind,
    signatureText: signature.kind === 'typed' ? signature.text : null,
    signaturePng: signature.kind === 'drawn' ? signature.dataUrl : null,
    signedAt: now,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    signedVia: who.kind === 'client' ? `login:${who.actor.userId}` : `link:${signer.id}`,
    verification: who.kind === 'client' ? VERIFIED_BY_LOGIN : VERIFIED_BY_LINK,
  };
}

/** What the signed file was made from: every signer's row, in one comparable line. */
const evidenceKey = (rows: SignerRow[]) =>
  rows
    .map((row) =>
      [row.id, row.name, row.email, iso(row.signedAt), iso(row.openedAt), iso(row.returnOpenedAt)].join('|'),
    )
    .sort()
    .join('\n');

/** A signed file made and stored before the transaction that records it (S2-01), with what it was made from. */
export type PreparedFile = { key: string; sha256: string; size: number; evidence: string };

/**
 * When this signer is the last one: make the signed file from the rows as they stand plus this signature,
 * store it sealed, and hash the bytes read back from storage (S2-07: the hash recorded is of what is stored).
 * Outside any transaction, so no PDF or storage work happens while the audit chain's lock is held. Answers
 * null when another signer has still to sign. The unsigned original (and the return) are checked against
 * their upload hashes first, so the evidence page's "SHA-256 of the unsigned document" is the hash of the
 * bytes stamped (and the return's, of the return stored).
 */
export async function prepareSignedFile(input: {
  db: Database;
  storage: ObjectStorage;
  keyPrefix: string;
  firmName: string;
  documentId: string;
  mine: SignerRow;
  /** The signer's share of the files sandbox. */
  account: string;
}): Promise<PreparedFile | null> {
  const { db, storage, mine } = input;
  const [document] = await db
    .select()
    .from(signatureDocuments)
    .where(eq(signatureDocuments.id, input.documentId));
  if (!document || document.status !== 'pending') return null;
  const others = (
    await db.select().from(signatureSigners).where(eq(signatureSigners.documentId, document.id))
  ).filter((row) => row.id !== mine.id);
  if (!others.every((row) => row.signedAt)) return null;
  const all = [mine, ...others];
  const original = await readStored(storage, document.storageKey);
  if (sha256Of(original) !== document.sha256) {
    throw new Error(`document ${document.id}: the stored original no longer matches its upload's SHA-256`);
  }
  // The evidence page prints the return's hash too: it must still be the hash of the return stored.
  if (document.returnStorageKey) {
    const returned = await readStored(storage, document.returnStorageKey);
    if (sha256Of(returned) !== document.returnSha256) {
      throw new Error(`document ${document.id}: the stored return no longer matches its upload's SHA-256`);
    }
  }
  const byRole = (a: SignerRow, b: SignerRow) => (a.role === b.role ? 0 : a.role === 'taxpayer' ? -1 : 1);
  let made: Uint8Array;
  try {
    made = await makeSignedPdf(
      {
        original,
        title: document.title,
        firmName: input.firmName,
        timeZone: FIRM_TIME_ZONE,
        documentId: document.id,
        sha256: document.sha256,
        returnSha256: document.returnSha256,
        signers: [...all].sort(byRole).map(signedByOf),
        completedAt: mine.signedAt ?? new Date(),
      },
      { account: input.account },
    );
  } catch (error) {
    // The sandbox could not make it (over its time or memory, or shutting down): nothing is signed
    // yet and the code is not used up, so the signer can try again.
    if (error instanceof UnreadablePdfError) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: MESSAGES.SIGNATURE_FILE_NOT_MADE, cause: error });
    }
    throw error;
  }
  const bytes = Buffer.from(made);
  const key = `${input.keyPrefix}${crypto.randomUUID()}`;
  await storage.put(key, Readable.from([bytes]));
  try {
    const stored = await readStored(storage, key);
    const sha256 = sha256Of(stored);
    if (sha256 !== sha256Of(bytes))
      throw new Error(`signed file ${key}: stored bytes differ from those made`);
    return { key, sha256, size: stored.length, evidence: evidenceKey(all) };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** A transaction that found the signers changed since the signed file was prepared: prepare again. */
export class StaleSignedFile extends Error {}

/**
 * The recording transaction: everything checked again on the locked rows (the code still right and now used
 * up), the signature and its evidence written, and when every signer is in, the prepared file's key and hash.
 * No file work here; the audit rows come last. Answers whether the document is now complete.
 */
export async function recordSignature(
  tx: Tx,
  input: {
    who: SignerIdentity;
    documentId: string;
    code: string;
    now: Date;
    signature: CheckedSignature;
    prepared: PreparedFile | null;
  },
): Promise<boolean> {
  const { who, now, prepared } = input;
  const { document, signer: found } = await signerAndDocument(tx, who, input.documentId, true);
  const signer = assertReadyToSign(document, found, true);
  if (document.lockedAt) throw locked();
  // Proven a moment ago; a code that ran out or was used meanwhile is refused, but not counted again.
  if (checkCode(signer, input.code, now) !== 'ok')
    throw unprocessable(MESSAGES.SIGNATURE_CODE_INVALID, 'code');
  const mine = signedRowOf(signer, who, input.signature, now);
  const all = (
    await tx.select().from(signatureSigners).where(eq(signatureSigners.documentId, document.id))
  ).map((row) => (row.id === signer.id ? mine : row));
  const complete = all.every((row) => row.signedAt);
  if (complete && (!prepared || prepared.evidence !== evidenceKey(all))) throw new StaleSignedFile();

  await tx
    .update(signatureSigners)
    .set({
      codeHash: null,
      codeExpiresAt: null,
      codeAttempts: 0,
      signatureKind: mine.signatureKind,
      signatureText: mine.signatureText,
      signaturePng: mine.signaturePng,
      signedAt: now,
      ip: mine.ip,
      userAgent: mine.userAgent,
      signedVia: mine.signedVia,
      verification: mine.verification,
      // S2-05: after signing, the spouse's link opens only the signed file, and only for a few days.
      ...(who.kind === 'spouse' ? { linkExpiresAt: new Date(now.getTime() + SIGNED_LINK_MS) } : {}),
      updatedAt: now,
    })
    .where(eq(signatureSigners.id, signer.id));
  if (complete && prepared) {
    await tx
      .update(signatureDocuments)
      .set({
        status: 'signed',
        signedStorageKey: prepared.key,
        signedSha256: prepared.sha256,
        signedSize: prepared.size,
        signedAt: now,
        updatedAt: now,
      })
      .where(eq(signatureDocuments.id, document.id));
    // The drawn images are in the signed file now.
    await tx
      .update(signatureSigners)
      .set({ signaturePng: null })
      .where(eq(signatureSigners.documentId, document.id));
  }
  // The analyst's activity feed and digest: who signed what, never the document's content.
  const [filing] = await tx
    .select({ taxYear: filings.taxYear })
    .from(filings)
    .where(eq(filings.id, document.filingId));
  await emit(tx, {
    type: 'signature.signed',
    clientId: document.clientId,
    taxYear: filing?.taxYear ?? 0,
    title: document.title,
    spouse: signer.role === 'spouse',
    complete,
  });
  // Last: the audit rows (ADR 022: the chain's lock is held from here to the commit).
  await audit(tx, {
    actor: auditActorOf(who),
    action: `${auditPrefix(who)}.signature.sign`,
    clientId: document.clientId,
    subject: `${document.id}: ${signer.role} signed (${input.signature.kind})`,
  });
  if (complete && prepared) {
    await audit(tx, {
      actor: { kind: 'system' },
      action: 'signature.complete',
      clientId: document.clientId,
      subject: `sha256=${prepared.sha256} ${document.title}`,
    });
  }
  return complete;
}

/** The evidence of one signed signer row, as the signed file shows it. */
export function signedByOf(row: SignerRow): SignedBy {
  const png = row.signatureKind === 'drawn' && row.signaturePng ? pngOfDataUrl(row.signaturePng) : null;
  if (!row.signedAt || (row.signatureKind === 'drawn' ? !png : !row.signatureText)) {
    throw new Error(`signer ${row.id} has no complete signature`);
  }
  return {
    role: row.role,
    name: row.name,
    email: row.email,
    signature: png ? { kind: 'drawn', png } : { kind: 'typed', text: row.signatureText ?? '' },
    signaturePlacement: row.signaturePlacement,
    datePlacement: row.datePlacement,
    signedAt: row.signedAt,
    ip: row.ip,
    userAgent: row.userAgent,
    signedVia: row.signedVia,
    verification: row.verification,
    openedAt: row.openedAt,
    returnOpenedAt: row.returnOpenedAt,
  };
}
