/**
 * Documents to sign (issue 19), the signers' side: the taxpayer (identity from the session; a fresh password
 * or authenticator step plus a one-time code e-mailed to them) and the spouse (their own e-mailed link plus a
 * code). Each signer opens the whole document (and, for a return, the full return), proves it is them, and
 * signs by typing or drawing; the last signature completes the document (signed-document.ts). Wrong codes
 * count per signer; too many lock the document until staff reopen it (signing-codes.ts). "Print, sign and
 * upload instead" turns the document into a checklist item.
 */
import { MESSAGES, SIGNATURE_CODE_MINUTES, type SignatureInput } from '@taxfirm/contract';
import {
  and,
  desc,
  eq,
  filings,
  ne,
  signatureDocuments,
  signatureSigners,
  sql,
  type Database,
} from '@taxfirm/db';
import { assertClientMay, type ClientActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import type { SignatureLinkKind } from '../../lib/crypto/signed-links.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates, type Firm } from '../mail/templates.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { addItem } from '../requests/request-items.ts';
import { openPartRecorded } from './signature-file-opening.ts';
import type { ServedFile } from './signature-files.ts';
import { conflict, linkInvalid, notFound, type Reader } from './signature-rows.ts';
import { documentOf, signersOf } from './signature-views.ts';
import {
  checkedSignature,
  prepareSignedFile,
  recordSignature,
  signedRowOf,
  StaleSignedFile,
} from './signed-document.ts';
import { assertCodeProven, CODE_MS, codeHashOf, maskEmail, newCode, proveCode } from './signing-codes.ts';
import {
  assertReadyToSign,
  auditActorOf,
  auditPrefix,
  clientSignerRole,
  sandboxAccountOf,
  signerAndDocument,
  type SignerIdentity,
} from './signer-identity.ts';

/** The session client's documents (one tax year, or all), pending first; void ones are left out. */
export async function listClientSignatures(deps: {
  db: Database;
  actor: ClientActor;
  taxYear: number | undefined;
  /** Null where the session may not open the signed copy (a household delegate). */
  signedLink: (documentId: string) => string | null;
}) {
  const { db, actor } = deps;
  const rows = await db
    .select({ document: signatureDocuments, taxYear: filings.taxYear })
    .from(signatureDocuments)
    .innerJoin(filings, eq(filings.id, signatureDocuments.filingId))
    .where(
      and(
        eq(signatureDocuments.clientId, actor.clientId),
        ne(signatureDocuments.status, 'void'),
        deps.taxYear === undefined ? undefined : eq(filings.taxYear, deps.taxYear),
      ),
    )
    .orderBy(sql`(${signatureDocuments.status} = 'pending') desc`, desc(signatureDocuments.createdAt));
  const signers = await signersOf(
    db,
    rows.map((row) => row.document.id),
  );
  // The session's own signer row: the holder's the taxpayer's, a spouse member's the spouse's (issue 38).
  const role = clientSignerRole(actor);
  const documents = rows.map(({ document, taxYear }) =>
    documentOf(
      document,
      taxYear,
      signers.get(document.id) ?? [],
      'client',
      deps.signedLink(document.id),
      role,
    ),
  );
  const toSign = rows.filter(
    ({ document }) =>
      document.status === 'pending' &&
      (signers.get(document.id) ?? []).some((s) => s.role === role && !s.signedAt),
  ).length;
  return { documents, to_sign: toSign };
}

/** May this identity open this part of the document (its own, not withdrawn, the part exists)? */
export async function assertCanOpen(
  db: Reader,
  who: SignerIdentity,
  documentId: string,
  part: 'document' | 'return',
): Promise<void> {
  const { document } = await signerAndDocument(db, who, documentId, false);
  if (part === 'return' && !document.returnStorageKey)
    throw who.kind === 'client' ? notFound() : linkInvalid();
}

/**
 * Serve one part of a document to its signer (through a link made for them), recording the first opening
 * of the document or the return on their signer row once the stored bytes are there to send.
 */
export async function openSignerFile(deps: {
  db: Database;
  storage: ObjectStorage;
  who: SignerIdentity;
  documentId: string;
  kind: SignatureLinkKind;
  now?: Date;
}): Promise<ServedFile> {
  const { db, who } = deps;
  const { document, signer } = await signerAndDocument(db, who, deps.documentId, false);
  // S2-05: once the spouse has signed, their link serves the signed file and nothing else.
  if (who.kind === 'spouse' && signer?.signedAt && deps.kind !== 'signed') {
    throw conflict(MESSAGES.SIGNATURE_LINK_SIGNED_ONLY);
  }
  return openPartRecorded(deps.storage, document, deps.kind, async () => {
    if (!signer || deps.kind === 'signed') return;
    const now = deps.now ?? new Date();
    const column = deps.kind === 'return' ? 'returnOpenedAt' : 'openedAt';
    await db.transaction(async (tx) => {
      const opened = await tx
        .update(signatureSigners)
        .set(
          column === 'openedAt'
            ? { openedAt: sql`coalesce(${signatureSigners.openedAt}, ${now.toISOString()}::timestamptz)` }
            : {
                returnOpenedAt: sql`coalesce(${signatureSigners.returnOpenedAt}, ${now.toISOString()}::timestamptz)`,
              },
        )
        .where(and(eq(signatureSigners.id, signer.id), sql`${signatureSigners.signedAt} is null`))
        .returning({ id: signatureSigners.id });
      if (opened.length > 0) {
        await audit(tx, {
          actor: auditActorOf(who),
          action: `${auditPrefix(who)}.signature.open`,
          clientId: document.clientId,
          subject: `${document.id}:${deps.kind}`,
        });
      }
    });
  });
}

/**
 * E-mail a fresh one-time code to the signer (a new code replaces the last and clears its own wrong tries, but
 * not the signer's count across codes, S2-06). The taxpayer asks after opening everything; the spouse first,
 * since the code opens the document for them (S2-05).
 * Answers where it went (masked) and for how long it holds.
 */
export async function sendSignatureCode(deps: {
  db: Database;
  keyring: Keyring;
  voice: FirmVoice;
  who: SignerIdentity;
  documentId: string;
  now?: Date;
}): Promise<{ sent_to: string; expires_in: number }> {
  const { db, who } = deps;
  const now = deps.now ?? new Date();
  // A household delegate never signs (issue 38).
  if (who.kind === 'client') assertClientMay(who.actor, 'sign');
  return db.transaction(async (tx) => {
    const { document, signer: found } = await signerAndDocument(tx, who, deps.documentId, true);
    const signer = assertReadyToSign(document, found, who.kind === 'client');
    const code = newCode();
    await tx
      .update(signatureSigners)
      .set({
        codeHash: codeHashOf(signer.id, code),
        codeExpiresAt: new Date(now.getTime() + CODE_MS),
        codeAttempts: 0,
        updatedAt: now,
      })
      .where(eq(signatureSigners.id, signer.id));
    const message = templates.signatureCode(
      deps.voice.firm,
      signer.name.split(' ')[0] || signer.name,
      code,
      SIGNATURE_CODE_MINUTES,
    );
    // The code is a secret like a link: sealed in the outbox until the worker sends it.
    await enqueueEmail(tx, signer.email, message, { url: code, keyring: deps.keyring });
    await audit(tx, {
      actor: auditActorOf(who),
      action: `${auditPrefix(who)}.signature.code`,
      clientId: document.clientId,
      subject: document.id,
    });
    return { sent_to: maskEmail(signer.email), expires_in: Math.floor(CODE_MS / 1000) };
  });
}

/**
 * S2-05: the spouse proves the e-mailed code before the document or the return is served (the link alone
 * opens nothing of the return); a wrong code counts as at signing. Once they have signed, the link opens only
 * the signed file.
 */
export async function assertSpouseCanOpen(deps: {
  db: Database;
  who: Extract<SignerIdentity, { kind: 'spouse' }>;
  firm: Firm;
  documentId: string;
  part: 'document' | 'return';
  code: string;
  now?: Date;
}): Promise<void> {
  const { db, who } = deps;
  const now = deps.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const { document, signer } = await signerAndDocument(tx, who, deps.documentId, true);
    if (!signer) throw linkInvalid();
    if (signer.signedAt) throw conflict(MESSAGES.SIGNATURE_LINK_SIGNED_ONLY);
    if (document.status !== 'pending') throw conflict(MESSAGES.SIGNATURE_NOT_PENDING);
    if (deps.part === 'return' && !document.returnStorageKey) throw linkInvalid();
    return proveCode(tx, { document, signer, code: deps.code, now, who, firm: deps.firm });
  });
  assertCodeProven(outcome);
}

/**
 * Sign, in this order (S2-01): the document, this signer and the e-mailed code first (a short transaction;
 * a wrong code counts and is committed, see proveCode); then the signature itself (a drawing is decoded only
 * for a signer who proved the code, and a refused drawing does not use the code up); then, when this is the
 * last signature, the signed file is made and stored outside any transaction; last, one transaction with the
 * document and signer locked checks everything again, records the signature (and completion: key, SHA-256 of
 * the stored bytes), and writes the audit rows at its end, with no file work after them. A file made for
 * signers who changed meanwhile (two last signatures at once) is removed and made again; one that is not used
 * (a double submit) is removed, so one signed file remains.
 */
export async function signDocument(deps: {
  db: Database;
  storage: ObjectStorage;
  keyPrefix: string;
  firm: Firm;
  who: SignerIdentity;
  documentId: string;
  code: string;
  signature: SignatureInput;
  now?: Date;
}): Promise<{ complete: boolean }> {
  const { db, who } = deps;
  const now = deps.now ?? new Date();
  if (who.kind === 'client') assertClientMay(who.actor, 'sign');
  const proven = await db.transaction(async (tx) => {
    const { document, signer: found } = await signerAndDocument(tx, who, deps.documentId, true);
    const signer = assertReadyToSign(document, found, true);
    return proveCode(tx, { document, signer, code: deps.code, now, who, firm: deps.firm });
  });
  assertCodeProven(proven);
  const signature = await checkedSignature(deps.signature, sandboxAccountOf(who));

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [current] = await db
      .select()
      .from(signatureSigners)
      .where(
        and(
          eq(signatureSigners.documentId, deps.documentId),
          who.kind === 'client'
            ? eq(signatureSigners.role, clientSignerRole(who.actor) ?? 'taxpayer')
            : eq(signatureSigners.id, who.signerId),
        ),
      );
    if (!current) throw who.kind === 'client' ? notFound() : linkInvalid();
    const prepared = await prepareSignedFile({
      db,
      storage: deps.storage,
      keyPrefix: deps.keyPrefix,
      firmName: deps.firm.name,
      documentId: deps.documentId,
      mine: signedRowOf(current, who, signature, now),
      account: sandboxAccountOf(who),
    });
    let used = false;
    try {
      const complete = await db.transaction((tx) =>
        recordSignature(tx, { ...deps, now, signature, prepared }),
      );
      used = complete && prepared !== null;
      return { complete };
    } catch (error) {
      if (!(error instanceof StaleSignedFile)) throw error;
    } finally {
      if (prepared && !used) await deps.storage.delete(prepared.key).catch(() => undefined);
    }
  }
  throw conflict(MESSAGES.SIGNATURE_NOT_PENDING);
}

/**
 * "Print, sign and upload instead": the pending document becomes a checklist item (type other) for the
 * wet-signed pages, which staff accept like any item. Answers the item and its tax year.
 */
export async function chooseSignOnPaper(deps: {
  db: Database;
  actor: ClientActor;
  documentId: string;
}): Promise<{ item_id: string; tax_year: number }> {
  const { db, actor } = deps;
  assertClientMay(actor, 'sign');
  return db.transaction(async (tx) => {
    const { document, signer } = await signerAndDocument(
      tx,
      { kind: 'client', actor },
      deps.documentId,
      true,
    );
    if (document.status !== 'pending') throw conflict(MESSAGES.SIGNATURE_NOT_PENDING);
    // Only a signer chooses paper, and not over a signature already made (it would be dropped unseen).
    if (!signer) throw conflict(MESSAGES.SIGNATURE_NOT_YOURS);
    const [signed] = await tx
      .select({ id: signatureSigners.id })
      .from(signatureSigners)
      .where(and(eq(signatureSigners.documentId, document.id), sql`${signatureSigners.signedAt} is not null`))
      .limit(1);
    if (signed) throw conflict(MESSAGES.SIGNATURE_PAPER_AFTER_SIGNED);
    const [filing] = await tx
      .select({ id: filings.id, taxYear: filings.taxYear })
      .from(filings)
      .where(eq(filings.id, document.filingId))
      .for('share');
    if (!filing) throw notFound();
    const item = await addItem(
      tx,
      { id: filing.id, clientId: actor.clientId },
      {
        type: 'other',
        title: `Signed ${document.title} (print, sign and upload)`,
        note: 'Print the document, sign and date it where marked, then scan the signed pages to one PDF (or take clear photos) and upload them here.',
        required: true,
        source: 'staff',
        sourceKey: `signature:${document.id}`,
      },
      actor,
    );
    await tx
      .update(signatureDocuments)
      .set({ status: 'paper', paperItemId: item.id, updatedAt: new Date() })
      .where(eq(signatureDocuments.id, document.id));
    await audit(tx, {
      actor,
      action: 'client.signature.paper',
      subject: `${document.id}: pending -> paper (item ${item.id})`,
    });
    return { item_id: item.id, tax_year: filing.taxYear };
  });
}
