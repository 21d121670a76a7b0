/**
 * A client's uploaded documents from the staff side: listed by category for a tax year's filing, opened one
 * at a time (preview or download), or all at once as a ZIP streamed from storage. Only a staff member who
 * may work the client's file gets anything, and every read is written to the audit log.
 */
import { PassThrough, type Readable } from 'node:stream';
import { DOCUMENT_CATEGORIES, MESSAGES, type DocumentCategory } from '@taxfirm/contract';
import { asc, clients, documents, eq, filings, type Database } from '@taxfirm/db';
import { ZipFile } from 'yazl';
import { AppError } from '../../lib/app-error.ts';
import { uploaderName } from './documents.service.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';
import { audit } from '../../lib/audit.ts';
import { assertCanWork, getWorkableFiling, offshoreAllowedSql } from '../filings/filings.service.ts';
import type { StaffActor } from '../../lib/actor.ts';

/** Types a browser shows by itself (and safely): these may be previewed inline; the rest only downloaded. */
const PREVIEWABLE_TYPES: ReadonlySet<string> = new Set(['application/pdf', 'image/jpeg', 'image/png']);
export const isPreviewable = (contentType: string) => PREVIEWABLE_TYPES.has(contentType);

/** Already compressed formats are stored as they are in the ZIP; deflating them again only costs time. */
const STORED_AS_IS: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

const documentColumns = {
  id: documents.id,
  category: documents.category,
  name: documents.originalName,
  size: documents.size,
  contentType: documents.contentType,
  storageKey: documents.storageKey,
  uploadedAt: documents.uploadedAt,
  /** Who of the household uploaded it, by name (issue 38); null when their login is gone. */
  uploadedBy: uploaderName,
};
type DocumentRow = {
  id: string;
  category: DocumentCategory;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  uploadedAt: Date;
  uploadedBy: string | null;
};

function documentsOf(db: Database, filingId: string): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(documents)
    .where(eq(documents.filingId, filingId))
    .orderBy(asc(documents.seq));
}

/** Every category in the portal's order, each with its documents (oldest first). */
export function byCategory<T extends { category: DocumentCategory }>(rows: readonly T[]) {
  return DOCUMENT_CATEGORIES.map(({ category, tab }) => ({
    category,
    label: tab,
    documents: rows.filter((row) => row.category === category),
  }));
}

/** The documents of the client's filing for a tax year, if this staff member may work it (audited). */
export async function listClientDocuments(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number },
) {
  const filing = await getWorkableFiling(db, actor, input);
  const rows = await documentsOf(db, filing.id);
  const [client] = await db
    .select({ fileNumber: clients.fileNumber, lastName: clients.lastName })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  if (!client) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  await audit(db, {
    actor,
    action: 'staff.documents.list',
    clientId: input.clientId,
    subject: String(input.taxYear),
  });
  return { filingId: filing.id, rows, zipName: zipFileName(client, input.taxYear) };
}

/** A document's filing and client, and whether this staff member may work that file. */
async function workableDocument(db: Database, actor: StaffActor, documentId: string) {
  const [row] = await db
    .select({
      ...documentColumns,
      unlockedStorageKey: documents.unlockedStorageKey,
      clientId: documents.clientId,
      filing: {
        id: filings.id,
        status: filings.status,
        assignedTo: filings.assignedTo,
        offshoreAllowed: offshoreAllowedSql,
      },
    })
    .from(documents)
    .innerJoin(filings, eq(filings.id, documents.filingId))
    .where(eq(documents.id, documentId));
  if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.DOCUMENT_NOT_FOUND });
  assertCanWork(actor, row.filing);
  return row;
}

const openStored = (storage: ObjectStorage, key: string) =>
  storage.get(key).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError) {
      throw new AppError('NOT_FOUND', { message: MESSAGES.DOCUMENT_NOT_FOUND });
    }
    throw error;
  });

/**
 * One document's bytes for a preview or download by staff who may work its file; audited once it opens. A
 * password-protected PDF the client unlocked opens as its unlocked copy (its size is not recorded: null).
 */
export async function openClientDocument(deps: {
  db: Database;
  storage: ObjectStorage;
  actor: StaffActor;
  documentId: string;
}) {
  const doc = await workableDocument(deps.db, deps.actor, deps.documentId);
  const body = await openStored(deps.storage, doc.unlockedStorageKey ?? doc.storageKey);
  try {
    await audit(deps.db, {
      actor: deps.actor,
      action: 'staff.document.download',
      clientId: doc.clientId,
      subject: doc.id,
    });
  } catch (error) {
    body.destroy();
    throw error;
  }
  return {
    name: doc.name,
    contentType: doc.contentType,
    size: doc.unlockedStorageKey ? null : doc.size,
    body,
  };
}

/** The ZIP's name: the client's file number, else their last name and the tax year, in safe characters. */
export function zipFileName(
  client: { fileNumber: string | null; lastName: string },
  taxYear: number,
): string {
  const safe = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60);
  const number = client.fileNumber ? safe(client.fileNumber) : '';
  if (number) return `${number}.zip`;
  return `${safe(client.lastName) || 'client'}-${taxYear}.zip`;
}

const MAX_NAME_LENGTH = 150;

/** A client's file name as one safe path segment: no folders, no `..`, no characters a file system refuses. */
export function safeEntryName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  let clean = base
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  if (clean.length > MAX_NAME_LENGTH) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = clean.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return clean || 'document';
}

/**
 * Each document's path in the ZIP, `<Category>/<name>`, in the order given; a name already used in its
 * folder (ignoring case, as Windows and macOS do) becomes `name (2).ext`, `name (3).ext`, ….
 */
export function zipEntryNames(rows: readonly { category: string; name: string }[]): string[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const name = safeEntryName(row.name);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let path = `${row.category}/${name}`;
    for (let n = 2; taken.has(path.toLowerCase()); n += 1) path = `${row.category}/${stem} (${n})${ext}`;
    taken.add(path.toLowerCase());
    return path;
  });
}

/**
 * Every document of a filing as one ZIP, for staff who may work it (audited). The archive is streamed:
 * each document is read from storage only when the ZIP reaches it, and the ZIP is written only as fast
 * as the response is read, so memory holds a few chunks, never the archive.
 */
export async function openFilingZip(deps: {
  db: Database;
  storage: ObjectStorage;
  actor: StaffActor;
  filingId: string;
  log: { error: (object: object, message: string) => void };
}): Promise<{ name: string; body: Readable }> {
  const [filing] = await deps.db
    .select({
      id: filings.id,
      status: filings.status,
      assignedTo: filings.assignedTo,
      offshoreAllowed: offshoreAllowedSql,
      taxYear: filings.taxYear,
      clientId: filings.clientId,
      fileNumber: clients.fileNumber,
      lastName: clients.lastName,
    })
    .from(filings)
    .innerJoin(clients, eq(clients.id, filings.clientId))
    .where(eq(filings.id, deps.filingId));
  if (!filing) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  assertCanWork(deps.actor, filing);
  const rows = await documentsOf(deps.db, filing.id);
  if (rows.length === 0) throw new AppError('NOT_FOUND', { message: MESSAGES.DOCUMENT_NOT_FOUND });
  await audit(deps.db, {
    actor: deps.actor,
    action: 'staff.documents.zip',
    clientId: filing.clientId,
    subject: String(filing.taxYear),
  });
  const paths = zipEntryNames(rows);
  const body = streamZip({
    storage: deps.storage,
    log: deps.log,
    context: { filingId: filing.id },
    entries: rows.map((row, index) => ({
      path: paths[index] ?? row.name,
      storageKey: row.storageKey,
      size: row.size,
      contentType: row.contentType,
      mtime: row.uploadedAt,
    })),
  });
  return { name: zipFileName(filing, filing.taxYear), body };
}

/** One file of a ZIP: its path in the archive and the stored object it is read from. */
export type ZipEntry = {
  path: string;
  storageKey: string;
  size: number;
  contentType: string;
  mtime: Date;
};

/**
 * Stored files as one ZIP stream (the staff's filing ZIP, the client's year in the vault). Each file is read
 * from storage only when the ZIP reaches it, and the ZIP is written only as fast as the answer is read, so
 * memory holds a few chunks, never the archive. A broken download stops the ZIP and the file being read.
 */
export function streamZip(deps: {
  storage: ObjectStorage;
  log: { error: (object: object, message: string) => void };
  /** What the log line of a broken-off ZIP names (the filing). */
  context: object;
  entries: readonly ZipEntry[];
}): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const body = new PassThrough();
  /** The file being read into the ZIP now. */
  let reading: Readable | undefined;
  const fail = (error: unknown) => {
    // The answer has begun: all that can be done is to break it off, so the browser reports a failed download.
    deps.log.error({ err: error, ...deps.context }, 'document ZIP broken off');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  for (const entry of deps.entries) {
    zip.addReadStreamLazy(
      entry.path,
      { mtime: entry.mtime, size: entry.size, compress: !STORED_AS_IS.has(entry.contentType) },
      (done) => {
        if (body.destroyed) return;
        deps.storage.get(entry.storageKey).then(
          (stream) => {
            reading = stream;
            done(null, stream);
          },
          (error: unknown) => fail(error),
        );
      },
    );
  }
  zip.end();
  output.on('error', fail).pipe(body);
  // The download was broken off (or failed): stop the ZIP and let go of the file being read.
  body.on('close', () => {
    if (output.readableEnded) return;
    output.unpipe(body);
    reading?.destroy();
    output.destroy();
  });
  return body;
}
