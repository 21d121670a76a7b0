/**
 * Passkeys (WebAuthn, issue 38), through @simplewebauthn/server: clients and staff add them from their
 * account page, sign in with them alone (a passkey asks the holder's fingerprint, face or PIN: user
 * verification is required, so it is both factors at once) and step up with them.
 *
 * The relying party is the site's configured public origin (APP_URL): its host is the RP ID and its origin
 * the only one accepted; the request's Host header is never trusted. Every challenge the server hands out is
 * kept in `webauthn_challenges` for CHALLENGE_MINUTES and consumed once, atomically, before the answer is
 * checked: a replayed answer finds its challenge used. A challenge belongs to its purpose and door (and, for
 * a registration or a step-up, to the session's user), so a staff sign-in never takes a client's passkey.
 * The signature counter only goes up (when non-zero): a lower one is a cloned authenticator and refused.
 */
import { MAX_PASSKEYS, MESSAGES } from '@taxfirm/contract';
import {
  and,
  asc,
  count,
  eq,
  gt,
  isNull,
  lt,
  or,
  passkeys,
  sql,
  users,
  webauthnChallenges,
  type Database,
} from '@taxfirm/db';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Actor, ClientActor, Origin, StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { lazyImport } from '../../lib/lazy-import.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { visitor, wrongDoorOf, type Door } from './sign-in.service.ts';

/** @simplewebauthn/server (with its X.509 and ASN.1 libraries, about 23 MB), loaded at the first passkey call. */
const loadWebAuthn = lazyImport(() => import('@simplewebauthn/server'));

/** The options of a WebAuthn call as the browser gets them (the library's JSON, passed through). */
export type BrowserOptions = { challenge: string; [key: string]: unknown };
const asBrowserOptions = (options: { challenge: string }): BrowserOptions => ({ ...options });

/** How long the browser (and the holder) have to answer a challenge. */
export const CHALLENGE_MINUTES = 5;
const CHALLENGE_MS = CHALLENGE_MINUTES * 60_000;

export type PasskeyDeps = {
  db: Database;
  /** The site's public origin (APP_URL): the relying party. */
  appUrl: string;
  settings: Pick<SettingsCache, 'firm'>;
};

type Purpose = 'register' | 'login' | 'step_up';
type UserRow = typeof users.$inferSelect;

/** The relying party: the configured origin's host (RP ID) and the origin itself. */
export function relyingParty(appUrl: string): { rpID: string; origin: string } {
  const url = new URL(appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const doorOf = (actor: ClientActor | StaffActor): Door => (actor.kind === 'staff' ? 'staff' : 'client');
const prefixOf = (door: Door) => (door === 'staff' ? 'staff.' : '');

/** The WebAuthn user handle of an account: its id's bytes (no e-mail, no name). */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

function refused(field: string, message: string = MESSAGES.PASSKEY_REFUSED): AppError {
  return new AppError('UNPROCESSABLE', { message, details: { [field]: message } });
}

/** Keep a new challenge; expired ones of anyone are swept away at the same time. */
async function storeChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  door: Door,
  userId: string | null,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, door, userId, expiresAt: new Date(Date.now() + CHALLENGE_MS) });
}

/** The challenge the browser signed, as its clientDataJSON names it ('' when it cannot be read). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : '';
  } catch {
    return '';
  }
}

/**
 * Use up the challenge an answer signed: once, unexpired, of this purpose and door and (for a registration
 * or a step-up) this user. False when there is no such live challenge (a replay, a stale or foreign one).
 */
async function consumeChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  door: Door,
  userId: string | null,
): Promise<boolean> {
  if (!challenge) return false;
  const used = await db
    .update(webauthnChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.door, door),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return used.length === 1;
}

/** A user's passkeys, oldest first, as their list shows them. */
export async function findPasskeys(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }));
}

async function userOf(db: Database, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** Options for adding a passkey to the session's own account (a resident key, with user verification). */
export async function startPasskeyRegistration(deps: PasskeyDeps & { actor: ClientActor | StaffActor }) {
  const { db, actor } = deps;
  const user = await userOf(db, actor.userId);
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS) throw refused('name', MESSAGES.PASSKEY_LIMIT);
  const { rpID } = relyingParty(deps.appUrl);
  const firm = await deps.settings.firm();
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: firm.name,
    rpID,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    attestationType: 'none',
    timeout: CHALLENGE_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'register', doorOf(actor), user.id);
  return asBrowserOptions(options);
}

/**
 * Check the browser's answer to a registration and keep the passkey under its name. The owner is told by
 * e-mail, in the transaction of the change, and it is audited.
 */
export async function finishPasskeyRegistration(
  deps: PasskeyDeps & {
    actor: ClientActor | StaffActor;
    name: string;
    credential: RegistrationResponseJSON;
  },
): Promise<void> {
  const { db, actor, credential } = deps;
  const door = doorOf(actor);
  const user = await userOf(db, actor.userId);
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!(await consumeChallenge(db, challenge, 'register', door, user.id))) throw refused('credential');
  const { rpID, origin } = relyingParty(deps.appUrl);
  const { verifyRegistrationResponse } = await loadWebAuthn();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (cause) {
    await audit(db, { actor, action: `${prefixOf(door)}account.passkey.refused`, subject: reasonOf(cause) });
    throw refused('credential');
  }
  if (!verified.verified) throw refused('credential');
  const info = verified.registrationInfo;
  const firm = await deps.settings.firm();
  await db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
    if ((held?.n ?? 0) >= MAX_PASSKEYS) throw refused('name', MESSAGES.PASSKEY_LIMIT);
    const added = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: credential.response.transports ?? [],
        name: deps.name,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning({ id: passkeys.id });
    if (added.length === 0) {
      throw new AppError('CONFLICT', {
        message: MESSAGES.PASSKEY_ALREADY_ADDED,
        details: { credential: MESSAGES.PASSKEY_ALREADY_ADDED },
      });
    }
    await enqueueEmail(tx, user.email, templates.passkeyAdded(firm, user.firstName, deps.name));
    await audit(tx, { actor, action: `${prefixOf(door)}account.passkey.added`, subject: deps.name });
  });
}

/** Remove one of the session's own passkeys (another's is not found). */
export async function removePasskey(deps: {
  db: Database;
  actor: ClientActor | StaffActor;
  id: string;
}): Promise<void> {
  const { db, actor } = deps;
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, deps.id), eq(passkeys.userId, actor.userId)))
      .returning({ name: passkeys.name });
    if (!removed) {
      throw new AppError('NOT_FOUND', {
        message: MESSAGES.PASSKEY_NOT_FOUND,
        details: { id: MESSAGES.PASSKEY_NOT_FOUND },
      });
    }
    await audit(tx, {
      actor,
      action: `${prefixOf(doorOf(actor))}account.passkey.removed`,
      subject: removed.name,
    });
  });
}

/**
 * Remove every passkey of an account, in the caller's transaction: an admin's reset of a staff member's second
 * factor (a lost phone or laptop) takes its passkeys away too, since each is both factors at once.
 */
export async function removeAllPasskeys(tx: Pick<Database, 'delete'>, userId: string): Promise<void> {
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
}

/** Options for a passkey sign-in at a door: any passkey of this site (discoverable), no e-mail asked. */
export async function startPasskeyLogin(deps: { db: Database; appUrl: string; door: Door }) {
  const { rpID } = relyingParty(deps.appUrl);
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    timeout: CHALLENGE_MS,
  });
  await storeChallenge(deps.db, options.challenge, 'login', deps.door, null);
  return asBrowserOptions(options);
}

/** Options for a step-up with one of the session's own passkeys. */
export async function startPasskeyStepUp(deps: PasskeyDeps & { actor: ClientActor | StaffActor }) {
  const { db, actor } = deps;
  const own = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.userId));
  if (own.length === 0) throw refused('passkey', MESSAGES.PASSKEY_NONE);
  const { rpID } = relyingParty(deps.appUrl);
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    timeout: CHALLENGE_MS,
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  await storeChallenge(db, options.challenge, 'step_up', doorOf(actor), actor.userId);
  return asBrowserOptions(options);
}

/** A short, secret-free reason for the audit (the library's own error text names no key or challenge). */
function reasonOf(cause: unknown): string {
  const text = cause instanceof Error ? cause.message : 'refused';
  return text.replace(/"[^"]*"/g, '…').slice(0, 200);
}

/**
 * Check an assertion against a stored passkey and move its counter on (only upward, unless both are 0: some
 * authenticators never count), in one conditional update: a replayed or cloned assertion is refused.
 */
async function checkAssertion(
  deps: Pick<PasskeyDeps, 'db' | 'appUrl'>,
  row: typeof passkeys.$inferSelect,
  credential: AuthenticationResponseJSON,
  challenge: string,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const { rpID, origin } = relyingParty(deps.appUrl);
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: row.counter,
        transports: row.transports,
      },
      requireUserVerification: true,
    });
  } catch (cause) {
    return { ok: false, reason: reasonOf(cause) };
  }
  if (!result.verified || !result.authenticationInfo.userVerified) {
    return { ok: false, reason: 'not verified' };
  }
  const next = result.authenticationInfo.newCounter;
  const moved = await deps.db
    .update(passkeys)
    .set({
      counter: next,
      lastUsedAt: sql`now()`,
      backedUp: result.authenticationInfo.credentialBackedUp,
    })
    .where(
      and(
        eq(passkeys.id, row.id),
        next === 0 ? eq(passkeys.counter, 0) : or(lt(passkeys.counter, next), eq(passkeys.counter, 0)),
      ),
    )
    .returning({ id: passkeys.id });
  return moved.length === 1 ? { ok: true } : { ok: false, reason: 'counter went back' };
}

/** The stored passkey an assertion names, with its owner. */
async function passkeyByCredential(db: Database, credentialId: string) {
  const [found] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return found ?? null;
}

/**
 * A passkey sign-in at a door: the challenge used up, the passkey known and of an account that may sign in
 * here (a client's passkey never opens the staff door and the other way round; a deactivated member's
 * neither), its owner's handle, the signature, user verification and the counter checked. Every refusal is
 * audited and answers the same. Answers the account (the caller starts the session).
 */
export async function checkPasskeyLogin(
  deps: Pick<PasskeyDeps, 'db' | 'appUrl'> & {
    door: Door;
    credential: AuthenticationResponseJSON;
    origin: Origin;
  },
): Promise<UserRow> {
  const { db, door, credential } = deps;
  const action = `${prefixOf(door)}signin.failed`;
  const fail = async (userId: string | null, why: string): Promise<never> => {
    await audit(db, { actor: visitor(deps.origin, userId), action, subject: `passkey: ${why}` });
    throw refused('credential', MESSAGES.PASSKEY_LOGIN_FAILED);
  };
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!(await consumeChallenge(db, challenge, 'login', door, null))) {
    return fail(null, 'no live challenge');
  }
  const found = await passkeyByCredential(db, credential.id);
  if (!found) return fail(null, 'unknown passkey');
  const { passkey, user } = found;
  const wrongDoor = wrongDoorOf(door, user);
  if (wrongDoor) return fail(user.id, wrongDoor);
  const handle = credential.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(user.id)).toString('base64url')) {
    return fail(user.id, 'another account’s handle');
  }
  const checked = await checkAssertion(deps, passkey, credential, challenge);
  if (!checked.ok) return fail(user.id, checked.reason);
  if (door === 'client' && !user.verifiedAt) {
    await audit(db, { actor: visitor(deps.origin, user.id), action, subject: 'not verified' });
    throw new AppError('LOGIN_NOT_VERIFIED');
  }
  return user;
}

/**
 * A step-up with a passkey: the session's own step-up challenge used up, and the passkey one of the
 * session's user's own (another account's passkey is refused, even a valid one).
 */
export async function checkPasskeyStepUp(
  deps: Pick<PasskeyDeps, 'db' | 'appUrl'> & {
    actor: ClientActor | StaffActor;
    credential: AuthenticationResponseJSON;
  },
): Promise<void> {
  const { db, actor, credential } = deps;
  const door = doorOf(actor);
  const fail = async (why: string): Promise<never> => {
    await audit(db, {
      actor: actor as Actor,
      action: `${prefixOf(door)}account.stepup.failed`,
      subject: `passkey: ${why}`,
    });
    throw new AppError('VALIDATION_FAILED', {
      message: MESSAGES.PASSKEY_REFUSED,
      details: { passkey: MESSAGES.PASSKEY_REFUSED },
    });
  };
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!(await consumeChallenge(db, challenge, 'step_up', door, actor.userId))) {
    return fail('no live challenge');
  }
  const found = await passkeyByCredential(db, credential.id);
  if (found?.passkey.userId !== actor.userId) return fail('not the session’s own passkey');
  const checked = await checkAssertion(deps, found.passkey, credential, challenge);
  if (!checked.ok) return fail(checked.reason);
}
