/**
 * What every side's file route shares: the short-lived signed links of each viewer (lib/crypto/signed-links.ts),
 * checking one, and sending a PDF as stored.
 */
import { MESSAGES } from '@taxfirm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { inline, attachment, PREVIEW_CSP } from '../../lib/content-disposition.ts';
import {
  type createSignatureLinkSigner,
  LINK_TTL_MS,
  type SignatureLinkKind,
} from '../../lib/crypto/signed-links.ts';
import type { ServedFile } from './signature-files.ts';

export const LINK_TTL_S = Math.floor(LINK_TTL_MS / 1000);

export type FileQuery = { Querystring: { t?: string; inline?: string } };
export type SignatureLinks = ReturnType<typeof createSignatureLinkSigner>;

/** Send a PDF as stored, never cached; shown in the browser when asked (the signer reads it there). */
export function sendPdf(reply: FastifyReply, file: ServedFile, isInline: boolean): FastifyReply {
  if (isInline) reply.header('content-security-policy', PREVIEW_CSP);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(file.size))
    .header('content-disposition', (isInline ? inline : attachment)(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** A genuine, unexpired link of `links`, made for `who`; anything else is refused. */
export function linkOf(
  links: SignatureLinks,
  request: FastifyRequest<FileQuery>,
  who: string | null,
): { kind: SignatureLinkKind; documentId: string; who: string } {
  const token = request.query.t;
  const payload = typeof token === 'string' ? links.verify(token) : null;
  if (!payload || (who !== null && payload.u !== who)) {
    throw new AppError('FORBIDDEN', { message: MESSAGES.DOWNLOAD_LINK_EXPIRED });
  }
  return { kind: payload.k, documentId: payload.id, who: payload.u };
}
