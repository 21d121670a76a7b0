/**
 * What every side's file route shares: the short-lived signed links of each viewer (lib/crypto/signed-links.ts),
 * checking one, and sending a PDF as stored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendFile, verifiedLink } from '../../lib/downloads.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import {
  createSignatureLinkSigner,
  LINK_TTL_MS,
  type SignatureLinkAudience,
  type SignatureLinkKind,
} from '../../lib/crypto/signed-links.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import type { ServedFile } from './signature-files.ts';

export const LINK_TTL_S = Math.floor(LINK_TTL_MS / 1000);

export type FileQuery = { Querystring: { t?: string; inline?: string } };
export type SignatureLinks = ReturnType<typeof createSignatureLinkSigner>;

/** What app.ts gives each side's signature routes (signatures.routes, .spouse.routes, .staff.routes). */
export type SignatureRoutesOptions = {
  settings: SettingsCache;
  keyring: Keyring;
  linkSecret: string;
  appUrl: string;
};

/** What each side's routes start from: that side's signed links and the firm's voice for its e-mails. */
export function signatureRoutesKit(options: SignatureRoutesOptions, audience: SignatureLinkAudience) {
  return {
    links: createSignatureLinkSigner(options.linkSecret, audience),
    voice: async () => ({ firm: await options.settings.firm(), appUrl: options.appUrl }),
  };
}

/** Send a PDF as stored, never cached; shown in the browser when asked (the signer reads it there). */
export function sendPdf(reply: FastifyReply, file: ServedFile, isInline: boolean): FastifyReply {
  return sendFile(reply, { ...file, type: 'application/pdf' }, { inline: isInline });
}

/** A genuine, unexpired link of `links`, made for `who` (anyone when null); anything else is refused. */
export function linkOf(
  links: SignatureLinks,
  request: FastifyRequest<FileQuery>,
  who: string | null,
): { kind: SignatureLinkKind; documentId: string; who: string } {
  const payload = verifiedLink(links, request.query.t, who ?? undefined);
  return { kind: payload.k, documentId: payload.id, who: payload.u };
}
