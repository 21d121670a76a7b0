/**
 * Documents to sign (issue 19): staff put a PDF up for the taxpayer, the spouse or both; each signer opens the
 * whole document (and, for a return, the full return), proves it is them (the taxpayer: a fresh password or
 * authenticator step plus a one-time code e-mailed to them; the spouse: their own e-mailed link plus a code),
 * and signs by typing or drawing. When the last signer signs, the signed file is made once (signed-pdf.ts),
 * stored sealed like every document before the transaction that records it, and the SHA-256 of the bytes
 * stored written to the audit log; every download is checked against it, and it never changes afterwards
 * (the database refuses it, migration 0024). Wrong codes count per signer; too many lock the document until
 * staff reopen it. "Print, sign and upload instead" turns the document into a checklist item.
 *
 * Identity comes from the session (the taxpayer: the session's client) or from the spouse's link token (only
 * its hash is stored); staff calls go through the filing's file-assignment rules (`getWorkableFiling`).
 */
import { createHash, randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DEFAULT_PLACEMENTS,
  FILE_STATUSES,
  FIRM_TIME_ZONE,
  MESSAGES,
  SIGNATURE_CODE_MAX_ATTEMPTS,
  SIGNATURE_CODE_MINUTES,
  SIGNATURE_FAILED_CODES_LOCK,
  SIGNATURE_LINK_DAYS,
  SIGNATURE_SIGNED_LINK_DAYS,
  type FileStatus,
  type Placement,
  type SignatureDocument,
  type SignatureDocumentKind,
  type SignatureInput,
  type SignerChoice,
  type SignerRole,
  type SignerSummary,
  type StaffSignatureDocument,
} from '@taxfirm/contract';
import {
  and,
  asc,
  clients,
  desc,
  eq,
  filings,
  inArray,
  ne,
  requestItems,
  signatureDocuments,
  signatureSigners,
  spouses,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { ClientActor, Origin, StaffActor, VisitorActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import type { SignatureLinkKind } from '../../lib/crypto/signed-links.ts';
import { hashToken, randomToken, safeEqual } from '../../lib/crypto/tokens.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { Upload } from '../../lib/uploads.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { sha256Of } from './signed-files.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { templates } from '../mail/templates.ts';
import type { Firm } from '../mail/templates.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { nextPosition, recordItemEvent } from '../requests/requests.service.ts';
import {
  canDrawTypedSignature,
  canEmbedPng,
  makeSignedPdf,
  pdfPageCount,
  pngOfDataUrl,
  resolvePlacement,
  UnreadablePdfError,
  type SignedBy,
} from './signed-pdf.ts';

type Reader = Pick<Database, 'select'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type DocumentRow = typeof signatureDocuments.$inferSelect;
type SignerRow = typeof signatureSigners.$inferSelect;

/** The portal page where the taxpayer signs; the spouse's page is `/sign/<token>`. */
export const CLIENT_SIGN_PATH = '/user/sign';
export const SPOUSE_SIGN_PATH = '/sign';

export const VERIFIED_BY_LOGIN = 'password or authenticator step-up + e-mailed one-time code: passed';
export const VERIFIED_BY_LINK = 'e-mailed link + e-mailed one-time code: passed';

const CODE_MS = SIGNATURE_CODE_MINUTES * 60_000;
const LINK_MS = SIGNATURE_LINK_DAYS * 24 * 60 * 60_000;
const SIGNED_LINK_MS = SIGNATURE_SIGNED_LINK_DAYS * 24 * 60 * 60_000;

const notFound = () => new AppError('NOT_FOUND', { message: MESSAGES.SIGNATURE_NOT_FOUND });
const linkInvalid = () => new AppError('NOT_FOUND', { message: MESSAGES.SIGNATURE_LINK_INVALID });
const conflict = (message: string) => new AppError('CONFLICT', { message });
const unprocessable = (message: string, field?: string) =>
  new AppError('UNPROCESSABLE', { message, ...(field ? { details: { [field]: message } } : {}) });
/** A spouse's link that ran out: 410 with its own message once they signed (S2-05), else the usual 404. */
const linkEnded = (signer: { signedAt: Date | null }) =>
  signer.signedAt ? new AppError('SIGNATURE_LINK_ENDED') : linkInvalid();
const locked = () => new AppError('SIGNATURE_LOCKED', { message: MESSAGES.SIGNATURE_LOCKED });

/** The stored bytes of a signed file no longer hash to the SHA-256 recorded when it was made. */
export class SignedFileMismatchError extends Error {
  constructor(documentId: string, expected: string | null, actual: string) {
    super(`signed file of document ${documentId}: sha256 ${actual} does not match the recorded ${expected}`);
    this.name = 'SignedFileMismatchError';
  }
}

/** The same address for sign-in and e-mail: trimmed and case-folded. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Read a stored object back whole (documents to sign are under 25 MB). */
export async function readStored(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let stream: Readable;
  try {
    stream = await storage.get(key);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw notFound();
    throw error;
  }
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** "a•••@example.com": where a code went, without the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** What the database keeps of a one-time code: its SHA-256, bound to the signer. */
const codeHashOf = (signerId: string, code: string) =>
  createHash('sha256').update(`signature-code|${signerId}|${code}`).digest('hex');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

// ---------------------------------------------------------------------------------------------------------
// Staff: create, list, void, open
// ---------------------------------------------------------------------------------------------------------

export type CreateFields = {
  client_id: string;
  kind: SignatureDocumentKind;
  title: string;
  signers: SignerChoice;
  spouse_name?: string | undefined;
  spouse_email?: string | undefined;
  placements: Partial<Record<SignerRole, { signature: Placement; date: Placement }>>;
};

const rolesOf = (choice: SignerChoice): SignerRole[] =>
  choice === 'both' ? ['taxpayer', 'spouse'] : [choice];

/** A stored upload's page count, or 422 SIGNATURE_PDF_UNREADABLE (encrypted, corrupt). */
async function readablePages(
  storage: ObjectStorage,
  upload: Upload,
  field: string,
  account: string,
): Promise<number> {
  try {
    return await pdfPageCount(await readStored(storage, upload.key), { account });
  } catch (error) {
    if (error instanceof UnreadablePdfError) throw unprocessable(MESSAGES.SIGNATURE_PDF_UNREADABLE, field);
    throw error;
  }
}

/**
 * Put a stored PDF (and the full return) up for signature on the client's filing of `taxYear`: the signers'
 * rows with their marks' places, the taxpayer told by e-mail (content-free) and the spouse sent their own
 * link. Audited with the file's SHA-256. Answers the document's id.
 */
export async function createSignatureDocument(deps: {
  db: Database;
  storage: ObjectStorage;
  keyring: Keyring;
  actor: StaffActor;
  voice: FirmVoice;
  taxYear: number;
  fields: CreateFields;
  document: Upload;
  returnFile: Upload | null;
  now?: Date;
}): Promise<string> {
  const { db, actor, fields, document, returnFile, voice } = deps;
  const now = deps.now ?? new Date();
  const roles = rolesOf(fields.signers);
  const spouse = roles.includes('spouse')
    ? { name: fields.spouse_name?.trim() ?? '', email: fields.spouse_email?.trim() ?? '' }
    : null;
  if (spouse && (!spouse.name || !spouse.email)) {
    throw unprocessable(MESSAGES.SIGNATURE_SPOUSE_REQUIRED, spouse.name ? 'spouse_email' : 'spouse_name');
  }
  const pages = await readablePages(deps.storage, document, 'document', actor.userId);
  if (returnFile) await readablePages(deps.storage, returnFile, 'return', actor.userId);
  const placements = roles.map((role) => {
    const given = fields.placements[role] ?? DEFAULT_PLACEMENTS[fields.kind][role];
    const signature = resolvePlacement(given.signature, pages);
    const date = resolvePlacement(given.date, pages);
    if (!signature || !date) throw unprocessable(MESSAGES.SIGNATURE_PLACEMENT_INVALID, 'placements');
    return { role, signature, date };
  });

  const spouseToken = spouse ? randomToken() : null;
  return db.transaction(async (tx) => {
    const filing = await getWorkableFiling(
      tx,
      actor,
      { clientId: fields.client_id, taxYear: deps.taxYear },
      'share',
    );
    const [owner] = await tx
      .select({
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: users.email,
        userFirst: users.firstName,
      })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .where(eq(clients.id, filing.clientId));
    if (!owner) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
    const taxpayerName = `${owner.firstName} ${owner.lastName}`.trim();
    // S2-05: the spouse's own address, never the taxpayer's sign-in (one inbox would make both signatures).
    if (spouse && sameEmail(spouse.email, owner.email)) {
      throw unprocessable(MESSAGES.SIGNATURE_SPOUSE_EMAIL_IS_TAXPAYER, 'spouse_email');
    }
    const [row] = await tx
      .insert(signatureDocuments)
      .values({
        filingId: filing.id,
        clientId: filing.clientId,
        kind: fields.kind,
        title: fields.title,
        originalName: document.originalName,
        size: document.size,
        storageKey: document.key,
        sha256: document.sha256,
        returnName: returnFile?.originalName ?? null,
        returnSize: returnFile?.size ?? null,
        returnStorageKey: returnFile?.key ?? null,
        returnSha256: returnFile?.sha256 ?? null,
        requestedAt: now,
        createdBy: actor.userId,
      })
      .returning({ id: signatureDocuments.id });
    if (!row) throw new Error('signature document not written');
    for (const { role, signature, date } of placements) {
      const isSpouse = role === 'spouse' && spouse && spouseToken;
      await tx.insert(signatureSigners).values({
        documentId: row.id,
        clientId: filing.clientId,
        role,
        name: isSpouse ? spouse.name : taxpayerName,
        email: isSpouse ? spouse.email : owner.email,
        signaturePlacement: signature,
        datePlacement: date,
        linkTokenHash: isSpouse ? hashToken(spouseToken) : null,
        linkExpiresAt: isSpouse ? new Date(now.getTime() + LINK_MS) : null,
      });
    }
    await audit(tx, {
      actor,
      action: 'staff.signature.create',
      clientId: filing.clientId,
      subject: `${fields.kind}: ${fields.title} sha256=${document.sha256}`,
    });
    if (roles.includes('taxpayer')) {
      await enqueueEmail(
        tx,
        owner.email,
        templates.signatureReady(voice.firm, owner.userFirst, `${voice.appUrl}${CLIENT_SIGN_PATH}`),
      );
    }
    if (spouse && spouseToken) {
      const url = `${voice.appUrl}${SPOUSE_SIGN_PATH}/${spouseToken}`;
      await enqueueEmail(
        tx,
        spouse.email,
        templates.signatureSpouseLink(voice.firm, spouse.name, taxpayerName, SIGNATURE_LINK_DAYS, url),
        { url, keyring: deps.keyring },
      );
    }
    return row.id;
  });
}

/** The signers of these documents, taxpayer first. */
async function signersOf(db: Reader, documentIds: string[]): Promise<Map<string, SignerRow[]>> {
  const bySigner = new Map<string, SignerRow[]>();
  if (documentIds.length === 0) return bySigner;
  const rows = await db
    .select()
    .from(signatureSigners)
    .where(inArray(signatureSigners.documentId, documentIds))
    .orderBy(asc(signatureSigners.role));
  for (const row of rows) bySigner.set(row.documentId, [...(bySigner.get(row.documentId) ?? []), row]);
  return bySigner;
}

const summaryOf = (signer: SignerRow, viewer: 'client' | 'staff'): SignerSummary => ({
  role: signer.role,
  name: signer.name,
  email: viewer === 'staff' ? signer.email : maskEmail(signer.email),
  opened_at: iso(signer.openedAt),
  return_opened_at: iso(signer.returnOpenedAt),
  signed_at: iso(signer.signedAt),
  ...(viewer === 'staff' ? { verification: signer.verification } : {}),
});

/** The columns both sides list of a document. */
function documentOf(
  row: DocumentRow,
  taxYear: number,
  signers: SignerRow[],
  viewer: 'client' | 'staff',
  signedUrl: string | null,
): SignatureDocument {
  return {
    document_id: row.id,
    kind: row.kind,
    title: row.title,
    tax_year: taxYear,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    has_return: row.returnStorageKey !== null,
    signers: signers.map((signer) => summaryOf(signer, viewer)),
    my_role: viewer === 'client' && signers.some((s) => s.role === 'taxpayer') ? 'taxpayer' : null,
    signed_at: iso(row.signedAt),
    signed_url: row.status === 'signed' && row.signedStorageKey ? signedUrl : null,
    signed_sha256: row.signedSha256,
    paper_item_id: row.paperItemId,
    locked: row.lockedAt !== null,
  };
}

/** The spouse's link as staff see it: working, revoked (or never sent), or run out. */
function spouseLinkState(signers: SignerRow[], now: Date): 'active' | 'revoked' | 'ended' | null {
  const spouse = signers.find((signer) => signer.role === 'spouse');
  if (!spouse) return null;
  if (!spouse.linkTokenHash || !spouse.linkExpiresAt) return 'revoked';
  return spouse.linkExpiresAt.getTime() > now.getTime() ? 'active' : 'ended';
}

const PRE_EFILE_INDEX = FILE_STATUSES.indexOf('Pre E-Filing Pending');
/** Before Pre E-Filing Pending in the status list: a signed 8879 may move the file on. */
export const isBeforePreEfile = (status: FileStatus) => FILE_STATUSES.indexOf(status) < PRE_EFILE_INDEX;

/**
 * The client's documents to sign for a tax year, for staff who may work the file: signers with their
 * evidence, links to the unsigned file, the return and the signed file, hashes; whether a signed 8879 lets
 * the file move to Pre E-Filing Pending; the spouse's name from the profile for the form.
 */
export async function listStaffSignatures(deps: {
  db: Database;
  actor: StaffActor;
  clientId: string;
  taxYear: number;
  link: (kind: SignatureLinkKind, documentId: string) => string;
}) {
  const { db } = deps;
  const now = new Date();
  const filing = await getWorkableFiling(db, deps.actor, { clientId: deps.clientId, taxYear: deps.taxYear });
  const rows = await db
    .select({
      document: signatureDocuments,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
    })
    .from(signatureDocuments)
    .leftJoin(users, eq(users.id, signatureDocuments.createdBy))
    .where(eq(signatureDocuments.filingId, filing.id))
    .orderBy(sql`(${signatureDocuments.status} = 'pending') desc`, desc(signatureDocuments.createdAt));
  const signers = await signersOf(
    db,
    rows.map((row) => row.document.id),
  );
  const documents: StaffSignatureDocument[] = rows.map(({ document: row, creatorFirst, creatorLast }) => ({
    ...documentOf(row, filing.taxYear, signers.get(row.id) ?? [], 'staff', deps.link('signed', row.id)),
    document_url: deps.link('document', row.id),
    return_url: row.returnStorageKey ? deps.link('return', row.id) : null,
    sha256: row.sha256,
    void_reason: row.voidReason,
    reminders_sent: row.remindersSent,
    last_reminded_at: iso(row.lastRemindedAt),
    created_by: creatorFirst === null ? null : `${creatorFirst} ${creatorLast ?? ''}`.trim(),
    spouse_link: spouseLinkState(signers.get(row.id) ?? [], now),
  }));
  const [spouse] = await db
    .select({ firstName: spouses.firstName, lastName: spouses.lastName })
    .from(spouses)
    .where(eq(spouses.clientId, filing.clientId));
  return {
    documents,
    efile_ready:
      isBeforePreEfile(filing.status) &&
      rows.some(({ document: row }) => row.kind === '8879' && row.status === 'signed'),
    spouse: spouse ? { name: `${spouse.firstName} ${spouse.lastName}`.trim(), email: null } : null,
  };
}

/** Withdraw a pending (or paper) document with a reason; kept, never deleted. The spouse's link dies. */
export async function voidSignatureDocument(deps: {
  db: Database;
  actor: StaffActor;
  documentId: string;
  reason: string;
}): Promise<void> {
  const { db, actor } = deps;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: signatureDocuments.id,
        status: signatureDocuments.status,
        filingId: signatureDocuments.filingId,
      })
      .from(signatureDocuments)
      .where(eq(signatureDocuments.id, deps.documentId))
      .for('update');
    if (!row) throw notFound();
    const filing = await getWorkableFiling(tx, actor, { filingId: row.filingId }, 'share');
    if (row.status !== 'pending' && row.status !== 'paper') throw conflict(MESSAGES.SIGNATURE_NOT_PENDING);
    await tx
      .update(signatureDocuments)
      .set({
        status: 'void',
        voidedAt: new Date(),
        voidedBy: actor.userId,
        voidReason: deps.reason,
        updatedAt: new Date(),
      })
      .where(eq(signatureDocuments.id, row.id));
    await audit(tx, {
      actor,
      action: 'staff.signature.void',
      clientId: filing.clientId,
      subject: `${row.id}: ${row.status} -> void`,
    });
  });
}

/** The document locked for a staff change, on a file this staff member may work (404 / 403 otherwise). */
async function documentForStaff(tx: Tx, actor: StaffActor, documentId: string) {
  const [document] = await tx
    .select()
    .from(signatureDocuments)
    .where(eq(signatureDocuments.id, documentId))
    .for('update');
  if (!document) throw notFound();
  const filing = await getWorkableFiling(tx, actor, { filingId: document.filingId }, 'share');
  return { document, filing };
}

/**
 * S2-06: reopen a document locked after too many wrong codes. The wrong-code counts of the signers who have
 * not signed start again, and any code in hand is dropped (a new one must be asked for). Audited.
 */
export async function reopenSignatureDocument(deps: {
  db: Database;
  actor: StaffActor;
  documentId: string;
}): Promise<void> {
  const { db, actor } = deps;
  await db.transaction(async (tx) => {
    const { document, filing } = await documentForStaff(tx, actor, deps.documentId);
    if (!document.lockedAt) throw conflict(MESSAGES.SIGNATURE_NOT_LOCKED);
    const now = new Date();
    await tx
      .update(signatureDocuments)
      .set({ lockedAt: null, updatedAt: now })
      .where(eq(signatureDocuments.id, document.id));
    await tx
      .update(signatureSigners)
      .set({ failedCodes: 0, codeAttempts: 0, codeHash: null, codeExpiresAt: null, updatedAt: now })
      .where(and(eq(signatureSigners.documentId, document.id), sql`${signatureSigners.signedAt} is null`));
    await audit(tx, {
      actor,
      action: 'staff.signature.reopen',
      clientId: filing.clientId,
      subject: `${document.id}: locked -> reopened`,
    });
  });
}

/** The spouse's signer row of a document, or 409 when the spouse does not sign it. */
async function spouseSignerOf(tx: Tx, documentId: string): Promise<SignerRow> {
  const [spouse] = await tx
    .select()
    .from(signatureSigners)
    .where(and(eq(signatureSigners.documentId, documentId), eq(signatureSigners.role, 'spouse')))
    .for('update');
  if (!spouse) throw conflict(MESSAGES.SIGNATURE_NO_SPOUSE);
  return spouse;
}

/** S2-05: the spouse's link stops working at once (before or after they signed). Audited. */
export async function revokeSpouseLink(deps: {
  db: Database;
  actor: StaffActor;
  documentId: string;
}): Promise<void> {
  const { db, actor } = deps;
  await db.transaction(async (tx) => {
    const { document, filing } = await documentForStaff(tx, actor, deps.documentId);
    const spouse = await spouseSignerOf(tx, document.id);
    await tx
      .update(signatureSigners)
      .set({ linkTokenHash: null, linkExpiresAt: null, codeHash: null, codeExpiresAt: null })
      .where(eq(signatureSigners.id, spouse.id));
    await audit(tx, {
      actor,
      action: 'staff.signature.spouse_revoke',
      clientId: filing.clientId,
      subject: `${document.id}: spouse link revoked`,
    });
  });
}

/**
 * S2-05: a new link for a spouse who has not signed a pending document, e-mailed to the address on the
 * document or a corrected one (never the taxpayer's sign-in address). The old link dies in the same
 * transaction. Audited.
 */
export async function resendSpouseLink(deps: {
  db: Database;
  keyring: Keyring;
  voice: FirmVoice;
  actor: StaffActor;
  documentId: string;
  email: string | undefined;
  now?: Date;
}): Promise<void> {
  const { db, actor } = deps;
  const now = deps.now ?? new Date();
  await db.transaction(async (tx) => {
    const { document, filing } = await documentForStaff(tx, actor, deps.documentId);
    if (document.status !== 'pending') throw conflict(MESSAGES.SIGNATURE_NOT_PENDING);
    const spouse = await spouseSignerOf(tx, document.id);
    if (spouse.signedAt) throw conflict(MESSAGES.SIGNATURE_SPOUSE_SIGNED);
    const [owner] = await tx
      .select({ firstName: clients.firstName, lastName: clients.lastName, email: users.email })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .where(eq(clients.id, filing.clientId));
    if (!owner) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
    const email = deps.email?.trim() || spouse.email;
    if (sameEmail(email, owner.email)) {
      throw unprocessable(MESSAGES.SIGNATURE_SPOUSE_EMAIL_IS_TAXPAYER, 'spouse_email');
    }
    const changed = !sameEmail(email, spouse.email);
    const token = randomToken();
    await tx
      .update(signatureSigners)
      .set({
        email,
        linkTokenHash: hashToken(token),
        linkExpiresAt: new Date(now.getTime() + LINK_MS),
        // A code e-mailed to the old address is no good at the new one.
        ...(changed ? { codeHash: null, codeExpiresAt: null, codeAttempts: 0 } : {}),
        updatedAt: now,
      })
      .where(eq(signatureSigners.id, spouse.id));
    const url = `${deps.voice.appUrl}${SPOUSE_SIGN_PATH}/${token}`;
    const taxpayerName = `${owner.firstName} ${owner.lastName}`.trim();
    await enqueueEmail(
      tx,
      email,
      templates.signatureSpouseLink(deps.voice.firm, spouse.name, taxpayerName, SIGNATURE_LINK_DAYS, url),
      { url, keyring: deps.keyring },
    );
    await audit(tx, {
      actor,
      action: 'staff.signature.spouse_resend',
      clientId: filing.clientId,
      subject: `${document.id}: spouse link resent${changed ? ' to a corrected address' : ''}`,
    });
  });
}

/** What a file route sends: the stored bytes (a signed file: exactly as stored, every time). */
export type ServedFile = { name: string; size: number; body: Readable };

const fileName = (row: DocumentRow, kind: SignatureLinkKind) => {
  if (kind === 'return') return row.returnName ?? 'return.pdf';
  if (kind === 'signed') return `${row.originalName.replace(/\.pdf$/i, '')}-signed.pdf`;
  return row.originalName;
};

/** The stored key and size of one part of a document; null when it has no such part (yet). */
function partOf(row: DocumentRow, kind: SignatureLinkKind): { key: string; size: number } | null {
  if (kind === 'document') return { key: row.storageKey, size: row.size };
  if (kind === 'return') {
    return row.returnStorageKey && row.returnSize !== null
      ? { key: row.returnStorageKey, size: row.returnSize }
      : null;
  }
  return row.status === 'signed' && row.signedStorageKey && row.signedSize !== null
    ? { key: row.signedStorageKey, size: row.signedSize }
    : null;
}

async function openPart(
  storage: ObjectStorage,
  row: DocumentRow,
  kind: SignatureLinkKind,
): Promise<ServedFile> {
  const part = partOf(row, kind);
  if (!part) throw notFound();
  if (kind === 'signed') {
    // S2-07: the signed file (under 25 MB) is read whole and hashed before a byte is sent; bytes that no longer
    // match the SHA-256 recorded at completion are refused (a 500, logged with this error) and never served.
    const bytes = await readStored(storage, part.key);
    const actual = sha256Of(bytes);
    if (actual !== row.signedSha256) throw new SignedFileMismatchError(row.id, row.signedSha256, actual);
    return { name: fileName(row, kind), size: bytes.length, body: Readable.from([bytes]) };
  }
  try {
    return { name: fileName(row, kind), size: part.size, body: await storage.get(part.key) };
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw notFound();
    throw error;
  }
}

/** One part of a document for staff who may work its file; audited once it opens (like document downloads). */
export async function openStaffSignatureFile(deps: {
  db: Database;
  storage: ObjectStorage;
  actor: StaffActor;
  documentId: string;
  kind: SignatureLinkKind;
}): Promise<ServedFile> {
  const [document] = await deps.db
    .select()
    .from(signatureDocuments)
    .where(eq(signatureDocuments.id, deps.documentId));
  if (!document) throw notFound();
  // The file-assignment (and offshore) rules of the document's filing, checked when the link is opened.
  await getWorkableFiling(deps.db, deps.actor, { filingId: document.filingId });
  const file = await openPart(deps.storage, document, deps.kind);
  try {
    await audit(deps.db, {
      actor: deps.actor,
      action: 'staff.signature.download',
      clientId: document.clientId,
      subject: `${document.id}:${deps.kind}`,
    });
  } catch (error) {
    file.body.destroy();
    throw error;
  }
  return file;
}

// ---------------------------------------------------------------------------------------------------------
// The signers' side: the taxpayer (session) and the spouse (link)
// ---------------------------------------------------------------------------------------------------------

/** Who is signing: the session's client as the taxpayer, or the spouse found by their link. */
export type SignerIdentity =
  | { kind: 'client'; actor: ClientActor }
  | { kind: 'spouse'; signerId: string; documentId: string; origin: Origin };

const auditActorOf = (who: SignerIdentity): ClientActor | VisitorActor =>
  who.kind === 'client' ? who.actor : { kind: 'visitor', userId: null, ...who.origin };
const auditPrefix = (who: SignerIdentity) => (who.kind === 'client' ? 'client' : 'spouse');
/** Whose share of the files sandbox a signer's file work counts against (its per-account limit). */
const sandboxAccountOf = (who: SignerIdentity) =>
  who.kind === 'client' ? who.actor.userId : `spouse:${who.signerId}`;

/**
 * The spouse's signer row and document for a link token: its hash names the row; a token that names none,
 * an expired link and a withdrawn document all answer the same 404.
 */
export async function findSpouseByToken(
  db: Reader,
  token: string,
  now = new Date(),
): Promise<{ signer: SignerRow; document: DocumentRow; taxYear: number }> {
  const [found] = await db
    .select({ signer: signatureSigners, document: signatureDocuments, taxYear: filings.taxYear })
    .from(signatureSigners)
    .innerJoin(signatureDocuments, eq(signatureDocuments.id, signatureSigners.documentId))
    .innerJoin(filings, eq(filings.id, signatureDocuments.filingId))
    .where(and(eq(signatureSigners.linkTokenHash, hashToken(token)), eq(signatureSigners.role, 'spouse')));
  if (!found || found.document.status === 'void' || !found.signer.linkExpiresAt) throw linkInvalid();
  if (found.signer.linkExpiresAt.getTime() <= now.getTime()) throw linkEnded(found.signer);
  return found;
}

/**
 * The document and this identity's signer row, locked for a change when `lock`: the session client's own
 * (another client's, or a withdrawn one, is 404 as if it did not exist), or the spouse's by link.
 */
async function signerAndDocument(
  tx: Reader,
  who: SignerIdentity,
  documentId: string,
  lock: boolean,
): Promise<{ document: DocumentRow; signer: SignerRow | null }> {
  const docQuery = tx
    .select()
    .from(signatureDocuments)
    .where(
      and(
        eq(signatureDocuments.id, documentId),
        ne(signatureDocuments.status, 'void'),
        who.kind === 'client' ? eq(signatureDocuments.clientId, who.actor.clientId) : undefined,
      ),
    );
  const [document] = lock ? await docQuery.for('update') : await docQuery;
  if (!document || (who.kind === 'spouse' && who.documentId !== documentId)) {
    throw who.kind === 'client' ? notFound() : linkInvalid();
  }
  const signerQuery = tx
    .select()
    .from(signatureSigners)
    .where(
      and(
        eq(signatureSigners.documentId, document.id),
        who.kind === 'client' ? eq(signatureSigners.role, 'taxpayer') : eq(signatureSigners.id, who.signerId),
      ),
    );
  const [signer] = lock ? await signerQuery.for('update') : await signerQuery;
  // The spouse's link is their only identity: once it has run out, so has every file link made from it.
  if (who.kind === 'spouse' && (!signer?.linkExpiresAt || signer.linkExpiresAt.getTime() <= Date.now())) {
    throw signer?.linkExpiresAt ? linkEnded(signer) : linkInvalid();
  }
  return { document, signer: signer ?? null };
}

/**
 * The checks before a code is sent or a signature taken: pending, not locked, this signer's, unsigned, and
 * (`opened`) the document and return opened. The spouse asks for a code before opening anything (S2-05).
 */
function assertReadyToSign(document: DocumentRow, signer: SignerRow | null, opened: boolean): SignerRow {
  if (!signer) throw new AppError('CONFLICT', { message: MESSAGES.SIGNATURE_NOT_YOURS });
  if (signer.signedAt) throw conflict(MESSAGES.SIGNATURE_ALREADY_SIGNED);
  if (document.status !== 'pending') throw conflict(MESSAGES.SIGNATURE_NOT_PENDING);
  if (document.lockedAt) throw locked();
  if (!opened) return signer;
  if (!signer.openedAt) throw conflict(MESSAGES.SIGNATURE_OPEN_FIRST);
  if (document.returnStorageKey && !signer.returnOpenedAt)
    throw conflict(MESSAGES.SIGNATURE_OPEN_RETURN_FIRST);
  return signer;
}

/** The session client's documents (one tax year, or all), pending first; void ones are left out. */
export async function listClientSignatures(deps: {
  db: Database;
  actor: ClientActor;
  taxYear: number | undefined;
  signedLink: (documentId: string) => string;
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
  const documents = rows.map(({ document, taxYear }) =>
    documentOf(document, taxYear, signers.get(document.id) ?? [], 'client', deps.signedLink(document.id)),
  );
  const toSign = rows.filter(
    ({ document }) =>
      document.status === 'pending' &&
      (signers.get(document.id) ?? []).some((s) => s.role === 'taxpayer' && !s.signedAt),
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
  const file = await openPart(deps.storage, document, deps.kind);
  if (signer && deps.kind !== 'signed') {
    const now = deps.now ?? new Date();
    const column = deps.kind === 'return' ? 'returnOpenedAt' : 'openedAt';
    try {
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
    } catch (error) {
      file.body.destroy();
      throw error;
    }
  }
  return file;
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
  return db.transaction(async (tx) => {
    const { document, signer: found } = await signerAndDocument(tx, who, deps.documentId, true);
    const signer = assertReadyToSign(document, found, who.kind === 'client');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
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

/** The signature as stored: refused (422) when it cannot be drawn on the PDF. */
async function checkedSignature(input: SignatureInput, account: string): Promise<CheckedSignature> {
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

type CheckedSignature = { kind: 'typed'; text: string } | { kind: 'drawn'; png: Buffer; dataUrl: string };

type CodeCheck = 'ok' | 'invalid' | 'locked';

function checkCode(signer: SignerRow, code: string, now: Date): CodeCheck {
  if (signer.codeAttempts >= SIGNATURE_CODE_MAX_ATTEMPTS) return 'locked';
  if (!signer.codeHash || !signer.codeExpiresAt || signer.codeExpiresAt.getTime() <= now.getTime()) {
    return 'invalid';
  }
  return safeEqual(codeHashOf(signer.id, code), signer.codeHash) ? 'ok' : 'invalid';
}

/** What proving a code came to: right, wrong, this code used up, or the whole document locked (S2-06). */
type CodeOutcome = 'ok' | 'invalid' | 'code-locked' | 'document-locked';

/**
 * Prove a signer's code in the caller's transaction (document and signer locked). A wrong code counts twice:
 * against this code (SIGNATURE_CODE_MAX_ATTEMPTS, then a new code is needed) and against the signer across
 * every code (failed_codes, never cleared by a new code). At SIGNATURE_FAILED_CODES_LOCK the document locks
 * until staff reopen it, and the signer is e-mailed; audited last. The caller commits, then refuses.
 */
async function proveCode(
  tx: Tx,
  input: {
    document: DocumentRow;
    signer: SignerRow;
    code: string;
    now: Date;
    who: SignerIdentity;
    firm: Firm;
  },
): Promise<CodeOutcome> {
  const { document, signer, now } = input;
  if (document.lockedAt) return 'document-locked';
  const check = checkCode(signer, input.code, now);
  if (check === 'ok') return 'ok';
  if (check === 'locked' || !signer.codeHash) return check === 'locked' ? 'code-locked' : 'invalid';
  const attempts = signer.codeAttempts + 1;
  const failed = signer.failedCodes + 1;
  await tx
    .update(signatureSigners)
    .set({ codeAttempts: attempts, failedCodes: failed, updatedAt: now })
    .where(eq(signatureSigners.id, signer.id));
  if (failed < SIGNATURE_FAILED_CODES_LOCK) {
    return attempts >= SIGNATURE_CODE_MAX_ATTEMPTS ? 'code-locked' : 'invalid';
  }
  await tx
    .update(signatureDocuments)
    .set({ lockedAt: now, updatedAt: now })
    .where(eq(signatureDocuments.id, document.id));
  await enqueueEmail(
    tx,
    signer.email,
    templates.signatureLocked(input.firm, signer.name.split(' ')[0] || signer.name, document.title, failed),
  );
  await audit(tx, {
    actor: auditActorOf(input.who),
    action: `${auditPrefix(input.who)}.signature.locked`,
    clientId: document.clientId,
    subject: `${document.id}: locked after ${failed} wrong codes (${signer.role})`,
  });
  return 'document-locked';
}

/** Refuse anything but a proven code, with the message the signer acts on. */
function assertCodeProven(outcome: CodeOutcome): void {
  if (outcome === 'document-locked') throw locked();
  if (outcome === 'code-locked') {
    throw new AppError('TOO_MANY_REQUESTS', {
      message: MESSAGES.SIGNATURE_CODE_LOCKED,
      details: { code: MESSAGES.SIGNATURE_CODE_LOCKED },
    });
  }
  if (outcome === 'invalid') throw unprocessable(MESSAGES.SIGNATURE_CODE_INVALID, 'code');
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

/** The signer's evidence as the signing will record it (also what the signed file prints). */
function signedRowOf(
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
type PreparedFile = { key: string; sha256: string; size: number; evidence: string };

/**
 * When this signer is the last one: make the signed file from the rows as they stand plus this signature,
 * store it sealed, and hash the bytes read back from storage (S2-07: the hash recorded is of what is stored).
 * Outside any transaction, so no PDF or storage work happens while the audit chain's lock is held. Answers
 * null when another signer has still to sign. The unsigned original (and the return) are checked against
 * their upload hashes first, so the evidence page's "SHA-256 of the unsigned document" is the hash of the
 * bytes stamped (and the return's, of the return stored).
 */
async function prepareSignedFile(input: {
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
class StaleSignedFile extends Error {}

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
            ? eq(signatureSigners.role, 'taxpayer')
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
 * The recording transaction: everything checked again on the locked rows (the code still right and now used
 * up), the signature and its evidence written, and when every signer is in, the prepared file's key and hash.
 * No file work here; the audit rows come last. Answers whether the document is now complete.
 */
async function recordSignature(
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
  await recordActivity(tx, {
    clientId: document.clientId,
    taxYear: filing?.taxYear ?? 0,
    kind: 'signature',
    summary: `${signer.role === 'spouse' ? 'Spouse signed' : 'Signed'} ${document.title}${complete ? ' (all signatures in)' : ''}`,
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
function signedByOf(row: SignerRow): SignedBy {
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
    const [item] = await tx
      .insert(requestItems)
      .values({
        filingId: filing.id,
        clientId: actor.clientId,
        position: await nextPosition(tx, filing.id),
        type: 'other',
        title: `Signed ${document.title} (print, sign and upload)`,
        note: 'Print the document, sign and date it where marked, then scan the signed pages to one PDF (or take clear photos) and upload them here.',
        required: true,
        source: 'staff',
        sourceKey: `signature:${document.id}`,
      })
      .returning();
    if (!item) throw new Error('paper item not written');
    await recordItemEvent(tx, { item, action: 'created', from: null, to: 'requested', actor });
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

/** What the spouse's page shows about their link's document. */
export function spouseView(
  found: { signer: SignerRow; document: DocumentRow; taxYear: number },
  firmName: string,
  signedLink: () => string,
) {
  const { signer, document } = found;
  return {
    firm_name: firmName,
    signer_name: signer.name,
    title: document.title,
    kind: document.kind,
    tax_year: found.taxYear,
    status: document.status,
    has_return: document.returnStorageKey !== null,
    opened: signer.openedAt !== null,
    return_opened: signer.returnOpenedAt !== null,
    signed_at: iso(signer.signedAt),
    email: maskEmail(signer.email),
    locked: document.lockedAt !== null,
    signed_url:
      document.status === 'signed' && document.signedStorageKey && signer.signedAt ? signedLink() : null,
    link_ends_at: iso(signer.linkExpiresAt),
  };
}
