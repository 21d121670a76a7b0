/**
 * Short-lived signed download links. A link names what it opens (kind and id), for whom (the user) and until
 * when; the HMAC over that, with a key derived from the session secret, makes it unforgeable. The download
 * route checks the session too: a leaked link is useless to anyone else and dead within minutes.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from './tokens.ts';

const payloadSchema = z.object({
  k: z.enum(['document', 'summary']),
  id: z.uuid(),
  u: z.uuid(),
  exp: z.number().int(),
});
export type LinkPayload = z.infer<typeof payloadSchema>;

/** How long a listed link stays valid. */
export const LINK_TTL_MS = 5 * 60_000;

export type LinkSigner = {
  sign(payload: Omit<LinkPayload, 'exp'>, now?: number): string;
  /** The payload of a genuine, unexpired token; null otherwise. */
  verify(token: string, now?: number): LinkPayload | null;
};

export function createLinkSigner(secret: string): LinkSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'taxfirm download links v1', 32));
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
      return payload.success && payload.data.exp > now ? payload.data : null;
    },
  };
}
