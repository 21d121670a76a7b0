/**
 * Asking someone to sign: the pages the e-mails point to, and the spouse's own link (a random token of which
 * only the hash is stored, good for SIGNATURE_LINK_DAYS), made when staff put a document up and again when
 * they resend it.
 */
import { SIGNATURE_LINK_DAYS } from '@taxfirm/contract';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import type { Tx } from './signature-rows.ts';

/** The portal page where the taxpayer signs; the spouse's page is `/sign/<token>`. */
export const CLIENT_SIGN_PATH = '/user/sign';
export const SPOUSE_SIGN_PATH = '/sign';

const LINK_MS = SIGNATURE_LINK_DAYS * 24 * 60 * 60_000;

/** The same address for sign-in and e-mail: trimmed and case-folded. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The spouse's signer columns for a new link token: its hash and when it runs out. */
export const spouseLinkColumns = (token: string, now: Date) => ({
  linkTokenHash: hashToken(token),
  linkExpiresAt: new Date(now.getTime() + LINK_MS),
});

/** E-mail the spouse their link (sealed in the outbox like every link). */
export async function emailSpouseLink(
  tx: Tx,
  deps: { voice: FirmVoice; keyring: Keyring },
  to: { email: string; name: string; taxpayerName: string; token: string },
): Promise<void> {
  const url = `${deps.voice.appUrl}${SPOUSE_SIGN_PATH}/${to.token}`;
  await enqueueEmail(
    tx,
    to.email,
    templates.signatureSpouseLink(deps.voice.firm, to.name, to.taxpayerName, SIGNATURE_LINK_DAYS, url),
    { url, keyring: deps.keyring },
  );
}
