/**
 * The signed links that open a message's attachment: one function per side, so a link is made in one place
 * only. Each is signed for the viewer (the portal's key or the staff console's) and checked again, with the
 * viewer's right to the conversation, when opened.
 */
import type { LinkSigner, StaffLinkKind } from '../../lib/crypto/signed-links.ts';
import { isPreviewable } from '../documents/documents.staff.service.ts';

/** The portal's attachment route (messaging.routes.ts). */
export const CLIENT_ATTACHMENT_PATH = '/api/account/messages/attachment';
/** The staff console's attachment route (messaging.staff.routes.ts). */
export const STAFF_ATTACHMENT_PATH = '/api/staff/messages/attachment';

/** A client's link to an attachment of their own conversation: a download. */
export function clientAttachmentLink(links: LinkSigner, attachmentId: string, userId: string) {
  return {
    download_url: `${CLIENT_ATTACHMENT_PATH}?t=${links.sign({ k: 'attachment', id: attachmentId, u: userId })}`,
  };
}

/** A staff member's links to an attachment: the download, and the preview for PDFs and images. */
export function staffAttachmentLinks(
  links: LinkSigner<StaffLinkKind>,
  attachment: { id: string; contentType: string },
  staffUserId: string,
): { download_url: string; preview_url: string | null } {
  const token = links.sign({ k: 'attachment', id: attachment.id, u: staffUserId });
  return {
    download_url: `${STAFF_ATTACHMENT_PATH}?t=${token}`,
    preview_url: isPreviewable(attachment.contentType)
      ? `${STAFF_ATTACHMENT_PATH}?t=${token}&inline=1`
      : null,
  };
}
