/**
 * The firm's documents to sign kept once (issue 36): an admin keeps a PDF (an engagement letter) with its
 * kind and title; a bulk action or an automation puts a copy of it up for each file's taxpayer. Every document
 * to sign owns its stored file (one key per document, as the staff upload makes), so removing a template
 * leaves what was sent as it is, and records retention deletes a client's copy and nothing else.
 */
import { randomUUID } from 'node:crypto';
import { CALLS, MESSAGES, type SignatureTemplate } from '@taxfirm/contract';
import { and, asc, eq, filings, signatureDocuments, signatureTemplates, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import type { Upload } from '../../lib/uploads.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { createSignatureDocument, readablePages } from './signatures.staff.service.ts';

type Reader = Pick<Database, 'select'>;

/** Where each file's copy is stored: the prefix of the staff upload of a document to sign. */
const COPY_PREFIX = uploadKeyPrefix(CALLS.staffSignaturesCreate);

const notFound = (field = 'template_id') =>
  AppError.onField('UNPROCESSABLE', field, MESSAGES.SIGNATURE_TEMPLATE_NOT_FOUND);

/** The kept documents, oldest first. */
export async function listSignatureTemplates(db: Reader): Promise<SignatureTemplate[]> {
  const rows = await db.select().from(signatureTemplates).orderBy(asc(signatureTemplates.createdAt));
  return rows.map((row) => ({
    template_id: row.id,
    kind: row.kind,
    title: row.title,
    original_name: row.originalName,
    size: row.size,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * Keep an uploaded PDF (a PDF by the call's file rule), audited with its SHA-256; one that cannot be read
 * (encrypted, corrupt) is refused now rather than skipped on every file later.
 */
export async function saveSignatureTemplate(
  deps: { db: Database; storage: ObjectStorage; actor: StaffActor },
  input: { kind: SignatureTemplate['kind']; title: string; document: Upload },
): Promise<void> {
  const { db, actor } = deps;
  await readablePages(deps.storage, input.document, 'document', actor.userId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(signatureTemplates)
      .values({
        kind: input.kind,
        title: input.title,
        originalName: input.document.originalName,
        size: input.document.size,
        storageKey: input.document.key,
        sha256: input.document.sha256,
        createdBy: actor.userId,
      })
      .returning({ id: signatureTemplates.id });
    await audit(tx, {
      actor,
      action: 'staff.signature.template.save',
      subject: `${row?.id} ${input.kind}: ${input.title} sha256=${input.document.sha256}`,
    });
  });
}

/** Stop offering a kept document (the documents already sent keep their file). */
export async function removeSignatureTemplate(db: Database, actor: StaffActor, templateId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(signatureTemplates)
      .where(eq(signatureTemplates.id, templateId))
      .returning({ title: signatureTemplates.title });
    if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.SIGNATURE_TEMPLATE_NOT_FOUND });
    await audit(tx, {
      actor,
      action: 'staff.signature.template.remove',
      subject: `${templateId} ${row.title}`,
    });
  });
}

/** A kept document's title, or a 422 on `field` when there is none. */
export async function signatureTemplateTitle(db: Reader, templateId: string, field: string): Promise<string> {
  const [row] = await db
    .select({ title: signatureTemplates.title })
    .from(signatureTemplates)
    .where(eq(signatureTemplates.id, templateId));
  if (!row) throw notFound(field);
  return row.title;
}

/**
 * Put a kept document up for the taxpayer of the client's file of `taxYear`, with the kind's usual places for
 * the marks, as `actor` (the file's rules apply; the taxpayer is told as for any document to sign). A file
 * where the same PDF already waits to be signed is refused (409): nothing is sent twice.
 */
export async function sendSignatureTemplate(deps: {
  db: Database;
  storage: ObjectStorage;
  keyring: Keyring;
  voice: FirmVoice;
  actor: StaffActor;
  file: { clientId: string; taxYear: number };
  templateId: string;
}): Promise<void> {
  const { db, file } = deps;
  const [template] = await db
    .select()
    .from(signatureTemplates)
    .where(eq(signatureTemplates.id, deps.templateId));
  if (!template) throw notFound('signature_template_id');
  // The file's rules first: a file this person may not work gets no copy made.
  await getWorkableFiling(db, deps.actor, file, 'share');
  const [open] = await db
    .select({ id: signatureDocuments.id })
    .from(signatureDocuments)
    .innerJoin(filings, eq(filings.id, signatureDocuments.filingId))
    .where(
      and(
        eq(filings.clientId, file.clientId),
        eq(filings.taxYear, file.taxYear),
        eq(signatureDocuments.sha256, template.sha256),
        eq(signatureDocuments.status, 'pending'),
      ),
    );
  if (open) throw new AppError('CONFLICT', { message: MESSAGES.FILE_ACTION_SIGNATURE_OPEN });
  // The file's own copy, stored where a staff upload of a document to sign is: if this transaction rolls
  // back, the orphan sweeper removes it.
  const key = `${COPY_PREFIX}${randomUUID()}`;
  const stored = await deps.storage.put(key, await deps.storage.get(template.storageKey));
  if (stored.sha256 !== template.sha256)
    throw new Error(`signature template ${template.id}: its copy differs`);
  await createSignatureDocument({
    db,
    storage: deps.storage,
    keyring: deps.keyring,
    actor: deps.actor,
    voice: deps.voice,
    taxYear: file.taxYear,
    fields: {
      client_id: file.clientId,
      kind: template.kind,
      title: template.title,
      signers: 'taxpayer',
      placements: {},
    },
    document: {
      field: 'document',
      key,
      originalName: template.originalName,
      type: 'application/pdf',
      size: template.size,
      sha256: template.sha256,
    },
    returnFile: null,
  });
}
