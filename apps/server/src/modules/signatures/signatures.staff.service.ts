/**
 * Documents to sign (issue 19), the staff side: put a PDF (and the full return) up for the taxpayer, the
 * spouse or both, list a client's documents with their evidence, withdraw one, and open its files. Every call
 * goes through the filing's file-assignment rules (`getWorkableFiling`). Reopening a locked document and the
 * spouse's link are in signer-access.staff.service.ts.
 */
import {
  DEFAULT_PLACEMENTS,
  FILE_STATUSES,
  MESSAGES,
  type FileStatus,
  type Placement,
  type SignatureDocumentKind,
  type SignerChoice,
  type SignerRole,
  type StaffSignatureDocument,
} from '@taxfirm/contract';
import {
  clients,
  desc,
  eq,
  signatureDocuments,
  signatureSigners,
  spouses,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import type { SignatureLinkKind } from '../../lib/crypto/signed-links.ts';
import { randomToken } from '../../lib/crypto/tokens.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { Upload } from '../../lib/uploads.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { signatureRequested, type FirmVoice } from '../notifications/client-events.ts';
import { openPartRecorded } from './signature-file-opening.ts';
import { readStored, type ServedFile } from './signature-files.ts';
import { conflict, iso, notFound, unprocessable } from './signature-rows.ts';
import { documentOf, signersOf, spouseLinkState } from './signature-views.ts';
import { pdfPageCount, resolvePlacement, UnreadablePdfError } from './signed-pdf.ts';
import { CLIENT_SIGN_PATH, emailSpouseLink, sameEmail, spouseLinkColumns } from './signing-invites.ts';

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
export async function readablePages(
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
        ...(isSpouse ? spouseLinkColumns(spouseToken, now) : { linkTokenHash: null, linkExpiresAt: null }),
      });
    }
    await audit(tx, {
      actor,
      action: 'staff.signature.create',
      clientId: filing.clientId,
      subject: `${fields.kind}: ${fields.title} sha256=${document.sha256}`,
    });
    if (roles.includes('taxpayer')) {
      await signatureRequested(tx, voice, {
        email: owner.email,
        firstName: owner.userFirst,
        path: CLIENT_SIGN_PATH,
      });
    }
    if (spouse && spouseToken) {
      await emailSpouseLink(tx, deps, { ...spouse, taxpayerName, token: spouseToken });
    }
    return row.id;
  });
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
  return openPartRecorded(deps.storage, document, deps.kind, () =>
    audit(deps.db, {
      actor: deps.actor,
      action: 'staff.signature.download',
      clientId: document.clientId,
      subject: `${document.id}:${deps.kind}`,
    }),
  );
}
