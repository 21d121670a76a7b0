/**
 * Sending a stored or generated file, and checking the signed link that opens it: the headers every download
 * carries (a safe file name, the type found in its content, its length when known, never cached, never
 * sniffed) in one place.
 */
import { MESSAGES } from '@taxfirm/contract';
import type { FastifyReply } from 'fastify';
import { AppError } from './app-error.ts';
import { attachment, inline, PREVIEW_CSP } from './content-disposition.ts';
import type { LinkPayload, LinkSigner } from './crypto/signed-links.ts';

/** A file to send: its name (shown to the user), its type, its length when known, and its content. */
export type SentFile = {
  name: string;
  type: string;
  /** Bytes; null or absent for a stream whose length is not known (a ZIP, a CSV export). */
  size?: number | null;
  body: unknown;
};

/**
 * Send `file` as a download, or, with `inline`, for the browser to show itself under `PREVIEW_CSP` (the
 * caller decides whether the file may be shown: PDFs and images only).
 */
export function sendFile(
  reply: FastifyReply,
  file: SentFile,
  options: { inline?: boolean } = {},
): FastifyReply {
  if (options.inline) reply.header('content-security-policy', PREVIEW_CSP);
  if (file.size !== null && file.size !== undefined) reply.header('content-length', String(file.size));
  return reply
    .header('content-type', file.type)
    .header('content-disposition', (options.inline ? inline : attachment)(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}

/**
 * The payload of `token` when it is a genuine, unexpired link of `links`, made for `userId` (any user when
 * it is absent) and, when `kinds` is given, of one of those kinds; anything else is refused as an expired
 * link.
 */
export function verifiedLink<K extends string, A extends K = K>(
  links: LinkSigner<K>,
  token: unknown,
  userId?: string,
  kinds?: readonly A[],
): LinkPayload<A> {
  const payload = typeof token === 'string' ? links.verify(token) : null;
  if (
    !payload ||
    (userId !== undefined && payload.u !== userId) ||
    (kinds !== undefined && !(kinds as readonly K[]).includes(payload.k))
  ) {
    throw new AppError('FORBIDDEN', { message: MESSAGES.DOWNLOAD_LINK_EXPIRED });
  }
  return payload as LinkPayload<A>;
}
