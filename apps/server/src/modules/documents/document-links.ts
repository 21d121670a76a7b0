/**
 * The signed links that open a client's stored files: one function per side, used by every module that
 * lists files (the spec's upload page, tax summaries, the checklist), so a link is made in one place only.
 */
import type { LinkSigner, StaffLinkKind } from '../../lib/crypto/signed-links.ts';
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
