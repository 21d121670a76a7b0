import { z } from 'zod';
import type { FileRule } from '../call.ts';
import { envelope, requiredText } from '../common.ts';
import {
  ACCEPTED_UPLOAD_TYPES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_NAMES,
  HIDDEN_MAX_BYTES,
  KEY_NAME_MARKER,
  MAX_UPLOAD_BYTES,
  UPLOAD_SLOTS,
  type DocumentCategory,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';

/** The documents a client may upload: six per submit, each over 1 KB and under 6 MB, checked by content. */
export const documentRule: FileRule = {
  types: ACCEPTED_UPLOAD_TYPES,
  extensions: ['.jpg', '.jpeg', '.png', '.pdf', '.doc', '.docx'],
  maxBytes: MAX_UPLOAD_BYTES,
  minBytes: HIDDEN_MAX_BYTES,
  maxFiles: UPLOAD_SLOTS,
  messages: {
    tooLarge: MESSAGES.UPLOAD_TOO_LARGE,
    tooSmall: MESSAGES.UPLOAD_TOO_SMALL,
    wrongType: MESSAGES.UPLOAD_WRONG_TYPE,
  },
};

/** A listed Key: `{client_id}/{category}/{document id}__{original name}`. */
export function documentKey(folderPath: string, documentId: string, originalName: string): string {
  return `${folderPath}${documentId}${KEY_NAME_MARKER}${originalName}`;
}

/** The parts of a listed Key, or null when it is not one. */
export function parseDocumentKey(
  key: string,
): { clientId: string; category: DocumentCategory; documentId: string; name: string } | null {
  const slash = key.lastIndexOf('/');
  const folder = parseFolderPath(key.slice(0, slash + 1));
  const rest = key.slice(slash + 1);
  const marker = rest.indexOf(KEY_NAME_MARKER);
  if (!folder || marker < 0) return null;
  const documentId = rest.slice(0, marker);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(documentId)) return null;
  return { ...folder, documentId, name: rest.slice(marker + KEY_NAME_MARKER.length) };
}

/**
 * folderPath is "{client_id}/{category}/". It must name the session's own client and a known category;
 * the server refuses anything else with 403.
 */
export const FOLDER_PATH_PATTERN = /^([0-9a-f-]{36})\/([A-Z0-9-]+)\/$/;

export function parseFolderPath(folderPath: string): { clientId: string; category: DocumentCategory } | null {
  const match = FOLDER_PATH_PATTERN.exec(folderPath);
  if (!match) return null;
  const [, clientId, category] = match;
  if (!clientId || !(DOCUMENT_CATEGORY_NAMES as readonly string[]).includes(category ?? '')) return null;
  return { clientId, category: category as DocumentCategory };
}

export function folderPathFor(clientId: string, category: DocumentCategory): string {
  return `${clientId}/${category}/`;
}

export function categoryForUptId(uptId: number): DocumentCategory | undefined {
  return DOCUMENT_CATEGORIES.find((c) => c.uptId === uptId)?.category;
}

export const getUploadDocsBodySchema = z.object({ folderPath: requiredText('folderPath is required', 120) });
export const uploadedDocumentSchema = z.object({
  /** The stored name, with the original name after a marker suffix. */
  Key: z.string(),
  Size: z.number().int(),
  /** A short-lived signed download link. */
  location: z.string(),
  /** Who uploaded it, by name: only on a file other logins share (a household, issue 38). */
  uploaded_by: z.string().optional(),
});
export const getUploadDocsResponseSchema = envelope({
  data: z.object({ Contents: z.array(uploadedDocumentSchema) }),
});

/** Multipart fields besides the files (uploadedImages). */
export const uploadDocsFieldsSchema = z.object({
  folderPath: requiredText('folderPath is required', 120),
  client_id: z.string().optional(),
  upt_id: z.coerce
    .number({ error: MESSAGES.UPLOAD_WRONG_FOLDER })
    .int({ error: MESSAGES.UPLOAD_WRONG_FOLDER }),
});
export const uploadDocsResponseSchema = envelope({ message: z.string() });

/** uid is the session's user id (the old client's access token); filename is the listed Key. */
export const deleteUploadDocBodySchema = z.object({
  uid: requiredText('uid is required', 100),
  filename: requiredText('filename is required', 600),
});
export const deleteUploadDocResponseSchema = envelope({ msg: z.string() });
