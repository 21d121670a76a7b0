import { z } from 'zod';
import { envelope, requiredText } from '../common.ts';
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_NAMES, type DocumentCategory } from '../constants.ts';

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
});
export const getUploadDocsResponseSchema = envelope({
  data: z.object({ Contents: z.array(uploadedDocumentSchema) }),
});

/** Multipart fields besides the files (uploadedImages). */
export const uploadDocsFieldsSchema = z.object({
  folderPath: requiredText('folderPath is required', 120),
  client_id: z.string().optional(),
  upt_id: z.coerce.number().int(),
});
export const uploadDocsResponseSchema = envelope({ message: z.string() });

export const deleteUploadDocBodySchema = z.object({
  uid: requiredText('uid is required', 100),
  filename: requiredText('filename is required', 300),
});
export const deleteUploadDocResponseSchema = envelope({ msg: z.string() });
