/**
 * What staff do to a client's account: invite a new client, change its sign-in e-mail and phone (admins),
 * e-mail a reset link, mark the e-mail verified. Each is checked against the file and audited.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@taxfirm/contract';
import { and, authTokens, clients, eq, isNull, ne, sql, users, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates, type Firm } from '../mail/templates.ts';
import { createClientAccount } from './accounts.service.ts';
import { createResetLink } from './passwords.service.ts';
import { revokeUserSessions } from './sessions.service.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The client's sign-in (its user, e-mail and first name), locked for an update when asked; NOT_FOUND if none. */
async function getClientLogin(tx: Tx, clientId: string, lock?: 'update') {
  const query = tx
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId));
  const [login] = await (lock ? query.for(lock) : query);
  if (!login) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  return login;
}

/**
 * Change the client's sign-in e-mail and phone (admins only: a sign-in address decides who holds the
 * account). Another account's e-mail (any case) is refused. A changed e-mail ends the client's sessions
 * and unused links, and is told to the old address, so that a client whose account was taken over hears
 * of it.
 */
export async function changeContact(
  deps: { db: Database; firm: Firm },
  actor: StaffActor,
  input: { clientId: string; taxYear: number; email: string; phone: string; phoneExt: string },
): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      await getWorkableFiling(tx, actor, input, 'update');
      const current = await getClientLogin(tx, input.clientId, 'update');
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${input.email})`, ne(users.id, current.userId)));
      if (taken) throw emailTaken();
      const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
      await tx
        .update(users)
        .set({ email: input.email, updatedAt: new Date() })
        .where(eq(users.id, current.userId));
      await tx
        .update(clients)
        .set({ phone: input.phone, phoneExt: input.phoneExt, updatedAt: new Date() })
        .where(eq(clients.id, input.clientId));
      if (emailChanged) {
        // Whoever held the old address loses the account now: its sessions end and its links die.
        await revokeUserSessions(tx, current.userId);
        await tx
          .update(authTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(authTokens.userId, current.userId), isNull(authTokens.usedAt)));
        await enqueueEmail(
          tx,
          current.email,
          templates.emailChangedByStaff(deps.firm, current.firstName, input.email),
        );
      }
      await audit(tx, {
        actor,
        action: 'staff.client.contact',
        clientId: input.clientId,
        subject: emailChanged ? 'email, phone' : 'phone',
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

const emailTaken = () =>
  new AppError('CONFLICT', {
    message: MESSAGES.CLIENT_EMAIL_TAKEN,
    details: { email: MESSAGES.CLIENT_EMAIL_TAKEN },
  });

/** E-mail the client a one-time link to set a new password (the link is never shown to staff). */
export async function sendResetLink(
  deps: { db: Database; appUrl: string; firm: Firm; keyring: Keyring },
  actor: StaffActor,
  input: { clientId: string; taxYear: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Checked on the locked filing, in the transaction that writes: a reassignment cannot slip between.
    await getWorkableFiling(tx, actor, input, 'share');
    const owner = await getClientLogin(tx, input.clientId);
    const url = await createResetLink(tx, deps.appUrl, owner.userId);
    await enqueueEmail(tx, owner.email, templates.staffResetLink(deps.firm, owner.firstName, url), {
      url,
      keyring: deps.keyring,
    });
    await audit(tx, { actor, action: 'staff.client.resetlink', clientId: input.clientId });
  });
}

/**
 * Mark the client's e-mail address verified (once; a verified account stays as it is). Only the file's
 * analyst or an admin, never from the triage view of an unassigned file; checked on the locked filing.
 */
export async function markVerified(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await getWorkableFiling(tx, actor, input, 'share');
    const [client] = await tx
      .select({ userId: clients.userId })
      .from(clients)
      .where(eq(clients.id, input.clientId));
    if (!client) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
    await tx
      .update(users)
      .set({ verifiedAt: new Date() })
      .where(and(eq(users.id, client.userId), isNull(users.verifiedAt)));
    await audit(tx, { actor, action: 'staff.client.verify', clientId: input.clientId });
  });
}

/** An invited client's set-up link lives a week: they may not read their e-mail the day staff call. */
export const CLIENT_INVITE_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Create the account of a client who phoned or walked in: the user (no usable password, not verified), the
 * client and this tax year's filing, and e-mail a one-time link to set the password (it verifies the address
 * too). An analyst who invites takes the file; an admin's invitation leaves it To Be Assigned.
 */
export async function inviteClient(
  deps: { db: Database; appUrl: string; firm: Firm; keyring: Keyring },
  actor: StaffActor,
  input: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    phoneExt: string;
    taxYear: number;
  },
): Promise<{ clientId: string }> {
  // Nobody knows this password: the account opens only through the e-mailed link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await deps.db.transaction(async (tx) => {
      const [inviter] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, actor.userId));
      const account = await createClientAccount(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        phoneExt: input.phoneExt,
        taxYear: input.taxYear,
        assignedTo: actor.role === 'analyst' ? actor.userId : null,
        comment: 'Invited by staff',
        changedBy: actor.userId,
      });
      const url = await createResetLink(tx, deps.appUrl, account.userId, CLIENT_INVITE_TTL_MS);
      await enqueueEmail(
        tx,
        input.email,
        templates.clientInvite(
          deps.firm,
          input.firstName,
          inviter ? `${inviter.firstName} ${inviter.lastName}` : deps.firm.name,
          url,
        ),
        { url, keyring: deps.keyring },
      );
      await audit(tx, { actor, action: 'staff.client.invite', clientId: account.clientId });
      return { clientId: account.clientId };
    });
  } catch (error) {
    // The registration's answer for a taken address, on the field; a race ends in the unique index.
    if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'EMAIL_IN_USE')) {
      throw new AppError('EMAIL_IN_USE', { details: { email: MESSAGES.EMAIL_IN_USE } });
    }
    throw error;
  }
}
