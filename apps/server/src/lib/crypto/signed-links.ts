/**
 * Short-lived signed download links. A link names what it opens (kind and id), for whom (the user) and until
 * when; the HMAC over that, with a key derived from the session secret, makes it unforgeable. The download
 * route checks the session too: a leaked link is useless to anyone else and dead within minutes.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from './tokens.ts';

const payloadOf = <K extends string>(kinds: readonly [K, ...K[]]) =>
  z.object({ k: z.enum(kinds), id: z.uuid(), u: z.uuid(), exp: z.number().int() });

/** What a client's link opens: a document, a published summary, or a message's attachment. */
export type ClientLinkKind = 'document' | 'summary' | 'attachment';
/** What a staff link opens: a document, a filing's documents as a ZIP, or a message's attachment. */
export type StaffLinkKind = 'document' | 'zip' | 'attachment';

/** What a link names: a kind, an id, the user it was made for, and its expiry (ms since the epoch). */
export type LinkPayload<K extends string = ClientLinkKind> = {
  k: K;
  id: string;
  u: string;
  exp: number;
};

/** How long a listed link stays valid. */
export const LINK_TTL_MS = 5 * 60_000;

export type LinkSigner<K extends string = ClientLinkKind> = {
  sign(payload: Omit<LinkPayload<K>, 'exp'>, now?: number): string;
  /** The payload of a genuine, unexpired token; null otherwise. */
  verify(token: string, now?: number): LinkPayload<K> | null;
};

/**
 * The client portal's links: a client's own documents, published summaries and message attachments. Each
 * route opens its own kind only.
 */
export function createLinkSigner(secret: string): LinkSigner {
  return signerFor(secret, 'taxfirm download links v1', ['document', 'summary', 'attachment']);
}

/**
 * The staff console's links: one document, one filing's documents as a ZIP, or a message's attachment.
 * Signed with a key of their own, so a staff link is no client link (and the other way round) whatever it
 * names.
 */
export function createStaffLinkSigner(secret: string): LinkSigner<StaffLinkKind> {
  return signerFor(secret, 'taxfirm staff download links v1', ['document', 'zip', 'attachment']);
}

/** What a signature link opens: the document to sign, the full return that goes with it, or the signed file. */
export type SignatureLinkKind = 'document' | 'return' | 'signed';
/** Who a signature link is for: the signed-in taxpayer, the spouse (by signer id), or a staff member. */
export type SignatureLinkAudience = 'client' | 'spouse' | 'staff';

/**
 * The links of documents to sign (issue 19): one key per audience, so a link made for one side never opens
 * on another side's route. `u` is the user (client, staff) or the spouse's signer id.
 */
export function createSignatureLinkSigner(
  secret: string,
  audience: SignatureLinkAudience,
): LinkSigner<SignatureLinkKind> {
  return signerFor(secret, `taxfirm signature links v1 ${audience}`, ['document', 'return', 'signed']);
}

/** What a billing link opens (issue 20): an invoice's PDF (id = invoice id) or a receipt's (id = payments.id). */
export type BillingLinkKind = 'invoice' | 'receipt';
/** Who a billing link is for: the signed-in client or a staff member. */
export type BillingLinkAudience = 'client' | 'staff';

/**
 * The links of invoice and receipt PDFs: one key per audience, so a link made for one side never opens on
 * the other side's route. `u` is the user the link was made for.
 */
export function createBillingLinkSigner(
  secret: string,
  audience: BillingLinkAudience,
): LinkSigner<BillingLinkKind> {
  return signerFor(secret, `taxfirm billing links v1 ${audience}`, ['invoice', 'receipt']);
}

/** What a year-in-the-vault link opens (issue 38): a filed return (id = signature document) or a year's ZIP (id = filing). */
export type YearLinkKind = 'return' | 'zip';

/**
 * The client's links to a filed return and to a whole tax year as a ZIP: a key of their own, so no other
 * client link opens them (their route also asks for a fresh step-up).
 */
export function createYearLinkSigner(secret: string): LinkSigner<YearLinkKind> {
  return signerFor(secret, 'taxfirm year links v1', ['return', 'zip']);
}

function signerFor<K extends string>(
  secret: string,
  purpose: string,
  kinds: readonly [K, ...K[]],
): LinkSigner<K> {
  const payloadSchema = payloadOf(kinds);
  const key = Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
  const mac = (data: string) => createHmac('sha256', key).update(data).digest('base64url');
  return {
    sign(payload, now = Date.now()) {
      const data = Buffer.from(JSON.stringify({ ...payload, exp: now + LINK_TTL_MS })).toString('base64url');
      return `${data}.${mac(data)}`;
    },
    verify(token, now = Date.now()) {
      const [data, signature, extra] = token.split('.');
      if (!data || !signature || extra !== undefined || !safeEqual(signature, mac(data))) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const payload = payloadSchema.safeParse(parsed);
      return payload.success && payload.data.exp > now ? (payload.data as LinkPayload<K>) : null;
    },
  };
}
