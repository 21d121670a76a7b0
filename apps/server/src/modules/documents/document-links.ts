/**
 * The signed links that open a client's stored files: one function per side, used by every module that
 * lists files (the spec's upload page, tax summaries, the checklist), so a link is made in one place only.
 */
import type { LinkSigner, SignatureLinkKind, StaffLinkKind } from '../../lib/crypto/signed-links.ts';
import { isPreviewable } from './documents.staff.service.ts';

/** The portal's download route (documents.routes.ts): the session's own documents and summaries. */
export const CLIENT_DOWNLOAD_PATH = '/api/account/download';
/** The staff console's route of one document (documents.staff.routes.ts). */
export const STAFF_FILE_PATH = '/api/staff/documents/file';

/** A client's link to their own document or published summary, signed for the session's user. */
export function clientFileLink(
  links: LinkSigner,
  kind: 'document' | 'summary',
  id: string,
  userId: string,
): string {
  return `${CLIENT_DOWNLOAD_PATH}?t=${links.sign({ k: kind, id, u: userId })}`;
}

/**
 * A staff member's links to one document: the download, and the in-browser preview for the types a browser
 * shows by itself (PDFs and images; null otherwise). Signed for that staff member only.
 */
export function staffFileLinks(
  links: LinkSigner<StaffLinkKind>,
  document: { id: string; contentType: string },
  staffUserId: string,
): { download_url: string; preview_url: string | null } {
  const token = links.sign({ k: 'document', id: document.id, u: staffUserId });
  return {
    download_url: `${STAFF_FILE_PATH}?t=${token}`,
    preview_url: isPreviewable(document.contentType) ? `${STAFF_FILE_PATH}?t=${token}&inline=1` : null,
  };
}

/** The routes that serve a document to sign (signatures.routes.ts): one per side, each with its own link key. */
export const CLIENT_SIGNATURE_FILE_PATH = '/api/account/signatures/file';
export const SPOUSE_SIGNATURE_FILE_PATH = '/api/signatures/spouse/file';
export const STAFF_SIGNATURE_FILE_PATH = '/api/staff/signatures/file';

/**
 * A link to a document to sign, its full return or its signed file, signed for one viewer (`who`: the
 * client's or staff member's user id, or the spouse's signer id) on that side's route.
 */
export function signatureFileLink(
  links: LinkSigner<SignatureLinkKind>,
  path: string,
  kind: SignatureLinkKind,
  documentId: string,
  who: string,
): string {
  return `${path}?t=${links.sign({ k: kind, id: documentId, u: who })}`;
}
