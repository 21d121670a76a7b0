/**
 * Consents (issue 19): the terms accepted at registration (or at the first sign-in of an invited client),
 * and the IRC §7216 consent to disclose to the firm's team in India, answered Yes or No and signed by typing
 * one's name. Every answer is a new `consents` row (the table is append-only); the answer in force is cached
 * on the client (`clients.offshore_consent`, `offshore_consent_expires_at`) in the same transaction, and that
 * cache is what lets offshore staff open a file (filings.service.ts).
 */
import {
  isSignatureOfName,
  MESSAGES,
  OFFSHORE_CONSENT_TITLE,
  OFFSHORE_CONSENT_VERSION,
  offshoreConsentText,
  TERMS_VERSION,
  type AccountConsentsSaveBody,
  type ConsentRecord,
  type OffshoreConsentState,
  type StaffConsentRecord,
} from '@taxfirm/contract';
import { and, clients, consents, desc, eq, sql, type Database } from '@taxfirm/db';
import type { ClientActor, Origin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';

type Reader = Pick<Database, 'select'>;

/** The §7216 answer in force, from the client's cache (a query with `clients` in it): the console's badge. */
export const offshoreStateSql = sql<OffshoreConsentState>`case when ${clients.offshoreConsent} is null then 'unanswered' when not ${clients.offshoreConsent} then 'no' when ${clients.offshoreConsentExpiresAt} <= now() then 'expired' else 'yes' end`;
type ConsentRow = typeof consents.$inferSelect;

export type ConsentsDeps = { db: Database; settings: Pick<SettingsCache, 'firm'> };

/** The client's latest row of a kind, or null. */
async function latest(db: Reader, clientId: string, kind: ConsentRow['kind']): Promise<ConsentRow | null> {
  const [row] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.clientId, clientId), eq(consents.kind, kind)))
    .orderBy(desc(consents.seq))
    .limit(1);
  return row ?? null;
}

/** The §7216 answer's state: never asked, No, a Yes in force, or a Yes that has run out. */
export function offshoreStateOf(
  row: Pick<ConsentRow, 'granted' | 'expiresAt'> | null,
  now = new Date(),
): OffshoreConsentState {
  if (!row) return 'unanswered';
  if (!row.granted) return 'no';
  return row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'yes';
}

export const recordOf = (row: ConsentRow): ConsentRecord => ({
  version: row.version,
  granted: row.granted,
  signature: row.signature,
  at: row.createdAt.toISOString(),
  expires_at: row.expiresAt?.toISOString() ?? null,
});

/** A record as staff see it: with the IP address and browser it was given from (never in a client's answer). */
export const staffRecordOf = (row: ConsentRow): StaffConsentRecord => ({
  ...recordOf(row),
  ip: row.ip,
  user_agent: row.userAgent,
});

/** The client's consents: the latest terms and §7216 rows, the §7216 state, and whether to ask now. */
export async function consentStatus(db: Reader, clientId: string) {
  const [terms, offshore] = await Promise.all([
    latest(db, clientId, 'terms'),
    latest(db, clientId, 'offshore_disclosure'),
  ]);
  const offshoreState = offshoreStateOf(offshore);
  const needsAnswer = !terms || offshoreState === 'unanswered' || offshoreState === 'expired';
  return { terms, offshore, offshoreState, needsAnswer };
}

/** Must this client user answer before going on? (The login answers' `consent_required`.) */
export async function userNeedsConsent(db: Reader, userId: string): Promise<boolean> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, userId));
  if (!client) return false;
  return (await consentStatus(db, client.id)).needsAnswer;
}

/** The terms box ticked at self-registration: recorded in the registration's transaction. */
export async function recordTermsAccepted(
  tx: Pick<Database, 'insert'>,
  input: { clientId: string; userId: string; origin: Origin },
): Promise<void> {
  await tx.insert(consents).values({
    clientId: input.clientId,
    userId: input.userId,
    kind: 'terms',
    version: TERMS_VERSION,
    granted: true,
    ip: input.origin.ip,
    userAgent: input.origin.userAgent?.slice(0, 300) ?? null,
  });
}

/** account/consents/get: the session client's answers, and the §7216 wording made out to them. */
export async function getConsents(deps: ConsentsDeps, actor: ClientActor) {
  const [client] = await deps.db
    .select({ firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(eq(clients.id, actor.clientId));
  if (!client) throw new AppError('UNAUTHORIZED');
  const firm = await deps.settings.firm();
  const taxpayerName = `${client.firstName} ${client.lastName}`;
  const status = await consentStatus(deps.db, actor.clientId);
  return {
    terms_version: TERMS_VERSION,
    offshore_version: OFFSHORE_CONSENT_VERSION,
    offshore_title: OFFSHORE_CONSENT_TITLE,
    offshore_text: offshoreConsentText({ firmName: firm.name, firmAddress: firm.address, taxpayerName }),
    taxpayer_name: taxpayerName,
    terms: status.terms ? recordOf(status.terms) : null,
    offshore: status.offshore ? recordOf(status.offshore) : null,
    offshore_state: status.offshoreState,
    needs_answer: status.needsAnswer,
  };
}

/**
 * account/consents/save: the terms (when never recorded: then they must be accepted) and the §7216 answer,
 * each a new row with the session's IP and browser; a Yes holds one year. The typed signature must be the
 * client's own name (`isSignatureOfName`: case, accents, spacing and middle names aside), else 400 and nothing
 * is recorded. The client's cache and the audit
 * rows commit with them. The client's row is locked so two saves at once are recorded one after the other.
 */
export async function saveConsents(
  deps: ConsentsDeps,
  actor: ClientActor,
  body: Pick<AccountConsentsSaveBody, 'accept_terms' | 'offshore'> & { signature: string },
): Promise<{ offshoreState: OffshoreConsentState }> {
  return deps.db.transaction(async (tx) => {
    const [client] = await tx
      .select({ firstName: clients.firstName, lastName: clients.lastName })
      .from(clients)
      .where(eq(clients.id, actor.clientId))
      .for('update');
    if (!client) throw new AppError('UNAUTHORIZED');
    // The signature must be the name the consent is made out to (the session client's own; issue 33).
    if (!isSignatureOfName(body.signature, { first: client.firstName, last: client.lastName })) {
      const message = `${MESSAGES.CONSENT_SIGNATURE_MISMATCH} ${client.firstName} ${client.lastName}.`;
      throw new AppError('VALIDATION_FAILED', { message, details: { signature: message } });
    }
    const origin = { ip: actor.ip, userAgent: actor.userAgent?.slice(0, 300) ?? null };
    const terms = await latest(tx, actor.clientId, 'terms');
    if (!terms) {
      if (!body.accept_terms) {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.ACCEPT_TERMS,
          details: { accept_terms: MESSAGES.ACCEPT_TERMS },
        });
      }
      await tx.insert(consents).values({
        clientId: actor.clientId,
        userId: actor.userId,
        kind: 'terms',
        version: TERMS_VERSION,
        granted: true,
        ...origin,
      });
      await audit(tx, { actor, action: 'client.consent.terms', subject: TERMS_VERSION });
    }
    const granted = body.offshore === 'yes';
    const [row] = await tx
      .insert(consents)
      .values({
        clientId: actor.clientId,
        userId: actor.userId,
        kind: 'offshore_disclosure',
        version: OFFSHORE_CONSENT_VERSION,
        granted,
        signature: body.signature,
        expiresAt: granted ? sql`now() + interval '1 year'` : null,
        ...origin,
      })
      .returning();
    if (!row) throw new Error('consent not recorded');
    await tx
      .update(clients)
      .set({ offshoreConsent: granted, offshoreConsentExpiresAt: row.expiresAt })
      .where(eq(clients.id, actor.clientId));
    await audit(tx, {
      actor,
      action: 'client.consent.offshore',
      subject: `${body.offshore} ${OFFSHORE_CONSENT_VERSION}`,
    });
    return { offshoreState: offshoreStateOf(row) };
  });
}
