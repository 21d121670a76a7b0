/**
 * Accounts: registration with e-mail verification, and who a signed-in client is. Signing in is
 * `sign-in.service.ts`, passwords `passwords.service.ts`, their one-time tokens `account-tokens.ts`. Every
 * e-mail is written to the outbox in the transaction of the change that causes it.
 */
import { INITIAL_FILE_STATUS, MESSAGES, type registerBodySchema, type UserInfo } from '@taxfirm/contract';
import { and, clients, eq, filings, householdMembers, or, sql, users, type Database } from '@taxfirm/db';
import type { z } from 'zod';
import type { Origin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { assertPasswordAllowed } from '../../lib/crypto/password-policy.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { recordTermsAccepted } from '../consents/consents.service.ts';
import { openFiling } from '../filings/filings.service.ts';
import { issueToken, liveToken, useUpToken } from './account-tokens.ts';

const VERIFY_TTL_MS = 7 * 24 * 3_600_000;

export type AccountsDeps = {
  db: Database;
  appUrl: string;
  /** The firm's settings and e-mail voice (the settings cache). */
  settings: Pick<SettingsCache, 'get' | 'firm'>;
  /** Seals the one-time links of queued e-mails (F-03). */
  keyring: Keyring;
};

type RegisterInput = z.output<typeof registerBodySchema>;

/** An address in any case. */
export const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

function verifyUrl(appUrl: string, token: { id: string; secret: string }): string {
  const query = new URLSearchParams({ tokenId: token.id, verifytoken: token.secret });
  return `${appUrl}/accountverifyuser?${query.toString()}`;
}

/**
 * A client's account: the user (an address no other account holds, in any case), the client and the tax
 * year's filing with its first status entry. Registration and a staff invitation both make one; the caller's
 * transaction holds it, and a race for the address ends in the unique index (`isUniqueViolation`).
 */
export async function createClientAccount(
  tx: Pick<Database, 'select' | 'insert'>,
  input: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    phone: string;
    phoneExt: string;
    taxYear: number;
    /** The analyst who takes the file at once (an analyst's own invitation), else null: To Be Assigned. */
    assignedTo: string | null;
    /** The first status entry's comment (where the account came from) and who made it, if staff did. */
    comment: string;
    changedBy: string | null;
  },
): Promise<{ userId: string; clientId: string }> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
  if (existing) throw new AppError('EMAIL_IN_USE');
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      role: 'client',
      firstName: input.firstName,
      lastName: input.lastName,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const [client] = await tx
    .insert(clients)
    .values({
      userId: user.id,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      phoneExt: input.phoneExt,
    })
    .returning({ id: clients.id });
  if (!client) throw new Error('client not created');
  await openFiling(tx, {
    clientId: client.id,
    taxYear: input.taxYear,
    assignedTo: input.assignedTo,
    comment: input.comment,
    changedBy: input.changedBy,
  });
  return { userId: user.id, clientId: client.id };
}

/**
 * Create the user, the client and this tax year's filing, record the terms ticked on the form (version, IP,
 * browser), and e-mail the verification link.
 */
export async function register(deps: AccountsDeps, input: RegisterInput, origin: Origin): Promise<void> {
  await assertPasswordAllowed(input.password, 'password');
  const settings = await deps.settings.get();
  const firm = await deps.settings.firm();
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db.transaction(async (tx) => {
      const { userId, clientId } = await createClientAccount(tx, {
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        phoneExt: input.mobileCountry,
        taxYear: settings.current_tax_year,
        assignedTo: null,
        comment: 'Registered in the client portal',
        changedBy: null,
      });
      await recordTermsAccepted(tx, { clientId, userId, origin });
      const token = await issueToken(tx, userId, 'verify', VERIFY_TTL_MS);
      const url = verifyUrl(deps.appUrl, token);
      await enqueueEmail(tx, input.email, templates.verifyAccount(firm, input.first_name, url), {
        url,
        keyring: deps.keyring,
      });
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides, with the same answer.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
}

/** Verify an account from its link; refuses unknown, used and expired links alike. */
export async function verifyAccount(db: Database, tokenId: string, secret: string): Promise<void> {
  const token = await liveToken(db, 'verify', secret);
  if (!token || token.id !== tokenId) {
    throw new AppError('VALIDATION_FAILED', { message: MESSAGES.VERIFY_LINK_INVALID });
  }
  await db.transaction(async (tx) => {
    if (!(await useUpToken(tx, token.id))) {
      throw new AppError('VALIDATION_FAILED', { message: MESSAGES.VERIFY_LINK_INVALID });
    }
    await tx
      .update(users)
      .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
      .where(eq(users.id, token.userId));
  });
}

/** E-mail a fresh verification link to an unverified client account; silent otherwise. */
export async function resendVerification(deps: AccountsDeps, email: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(byEmail(email)).limit(1);
  if (!user || user.verifiedAt || user.role !== 'client') return;
  const firm = await deps.settings.firm();
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'verify', VERIFY_TTL_MS);
    const url = verifyUrl(deps.appUrl, token);
    await enqueueEmail(tx, user.email, templates.verifyAccount(firm, user.firstName, url), {
      url,
      keyring: deps.keyring,
    });
  });
}

/** The spec's uinfo for a client user: the filing of the current tax year gives the file status. */
export async function userInfo(db: Database, userId: string, taxYear: number): Promise<UserInfo> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      clientId: clients.id,
      fileNumber: clients.fileNumber,
      status: filings.status,
    })
    .from(users)
    // A household member's login (issue 38) opens the household's file: its client, not one of its own.
    .leftJoin(householdMembers, eq(householdMembers.userId, users.id))
    .innerJoin(clients, or(eq(clients.userId, users.id), eq(clients.id, householdMembers.clientId)))
    .leftJoin(filings, and(eq(filings.clientId, clients.id), eq(filings.taxYear, taxYear)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  return {
    user_id: row.userId,
    client_id: row.clientId,
    user_name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    filestatus: row.status ?? INITIAL_FILE_STATUS,
    userstate: 'active',
    filenumber: row.fileNumber,
  };
}
