/**
 * The household (issue 38): the logins besides the holder's on one client file. The holder invites a spouse
 * (one per file) or a delegate with the rights they choose, changes a delegate's rights and removes members;
 * staff may invite the spouse too. Every member reads the list. A member is a `users` row of its own
 * (modules/accounts/member-accounts.ts) and a `household_members` row naming the file; their sessions resolve
 * to the file (sessions.service.ts `findSession`), so every client call serves them the household's file.
 */
import { MESSAGES, type HouseholdMember, type HouseholdMemberKind } from '@taxfirm/contract';
import { and, asc, clients, eq, householdMembers, users, type Database } from '@taxfirm/db';
import { assertClientMay, type ClientActor, type StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createMemberLogin, endMemberLogin } from '../accounts/member-accounts.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates, type Firm } from '../mail/templates.ts';

type Reader = Pick<Database, 'select'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type InviteDeps = { db: Database; appUrl: string; firm: Firm; keyring: Keyring };
export type MemberInput = {
  kind: HouseholdMemberKind;
  firstName: string;
  lastName: string;
  email: string;
  canUpload: boolean;
  canMessage: boolean;
};

const memberColumns = {
  id: householdMembers.id,
  kind: householdMembers.kind,
  canUpload: householdMembers.canUpload,
  canMessage: householdMembers.canMessage,
  createdAt: householdMembers.createdAt,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  verifiedAt: users.verifiedAt,
};

type MemberRow = {
  id: string;
  kind: HouseholdMemberKind;
  canUpload: boolean;
  canMessage: boolean;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  verifiedAt: Date | null;
};

/** A member as the household and staff read them: a spouse has every right, whatever the row says. */
const memberOf = (row: MemberRow): HouseholdMember => ({
  member_id: row.id,
  kind: row.kind,
  name: `${row.firstName} ${row.lastName}`,
  email: row.email,
  can_upload: row.kind === 'spouse' || row.canUpload,
  can_message: row.kind === 'spouse' || row.canMessage,
  state: row.verifiedAt ? 'active' : 'invited',
  invited_at: row.createdAt.toISOString(),
});

/** The file's members, the spouse first, then by when they were invited. */
export async function findMembers(db: Reader, clientId: string): Promise<HouseholdMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(householdMembers.clientId, clientId))
    .orderBy(asc(householdMembers.kind), asc(householdMembers.createdAt));
  return rows.map(memberOf);
}

/** One member of this file, locked for a change; another file's, or none, is 404. */
async function getMember(tx: Tx, clientId: string, memberId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(and(eq(householdMembers.id, memberId), eq(householdMembers.clientId, clientId)))
    .for('update', { of: householdMembers });
  if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.HOUSEHOLD_MEMBER_NOT_FOUND });
  return row;
}

/** The file's holder: their name and sign-in e-mail (the holder's login, never the session's). */
async function getHolder(db: Reader, clientId: string) {
  const [holder] = await db
    .select({ firstName: clients.firstName, lastName: clients.lastName, email: users.email })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId));
  if (!holder) throw new AppError('UNAUTHORIZED');
  return holder;
}

/** The holder, the members, and what the session itself may do on the file. */
export async function listHousehold({ db, actor }: { db: Database; actor: ClientActor }) {
  const holder = await getHolder(db, actor.clientId);
  const member = actor.member;
  const spouse = member?.kind === 'spouse';
  return {
    holder: { name: `${holder.firstName} ${holder.lastName}`, email: holder.email },
    members: await findMembers(db, actor.clientId),
    me: {
      kind: member?.kind ?? ('holder' as const),
      can_upload: !member || member.canUpload,
      can_message: !member || member.canMessage,
      can_sign: !member || spouse,
      can_reveal: !member || spouse,
      can_manage: !member,
    },
  };
}

const spouseExists = () =>
  new AppError('CONFLICT', {
    message: MESSAGES.HOUSEHOLD_SPOUSE_EXISTS,
    details: { kind: MESSAGES.HOUSEHOLD_SPOUSE_EXISTS },
  });
const emailHasLogin = () =>
  new AppError('CONFLICT', {
    message: MESSAGES.HOUSEHOLD_EMAIL_HAS_LOGIN,
    details: { email: MESSAGES.HOUSEHOLD_EMAIL_HAS_LOGIN },
  });

/**
 * Add a member to the file in the caller's transaction: the file's row is locked first, so two invitations
 * of a spouse at once cannot both pass the one-spouse check; then the login, the member row, the e-mail with
 * the set-up link (sealed in the outbox) and the audit row.
 */
async function addMember(
  tx: Tx,
  deps: InviteDeps,
  input: MemberInput & { clientId: string; invitedBy: string; invitedByName: string; action: string },
  actor: ClientActor | StaffActor,
): Promise<HouseholdMember> {
  const [file] = await tx
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(eq(clients.id, input.clientId))
    .for('update');
  if (!file) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  if (input.kind === 'spouse') {
    const [spouse] = await tx
      .select({ id: householdMembers.id })
      .from(householdMembers)
      .where(and(eq(householdMembers.clientId, input.clientId), eq(householdMembers.kind, 'spouse')));
    if (spouse) throw spouseExists();
  }
  const login = await createMemberLogin(tx, {
    appUrl: deps.appUrl,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  const isDelegate = input.kind === 'delegate';
  const [row] = await tx
    .insert(householdMembers)
    .values({
      clientId: input.clientId,
      userId: login.userId,
      kind: input.kind,
      canUpload: isDelegate ? input.canUpload : true,
      canMessage: isDelegate ? input.canMessage : true,
      invitedBy: input.invitedBy,
    })
    .returning({ id: householdMembers.id });
  if (!row) throw new Error('member not added');
  await enqueueEmail(
    tx,
    input.email,
    templates.householdInvite(
      deps.firm,
      input.firstName,
      input.invitedByName,
      `${file.firstName} ${file.lastName}`,
      input.kind,
      login.setUpUrl,
    ),
    { url: login.setUpUrl, keyring: deps.keyring },
  );
  await audit(tx, {
    actor,
    action: input.action,
    clientId: input.clientId,
    subject: `${row.id}: ${input.kind}`,
  });
  const [added] = await tx
    .select(memberColumns)
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(householdMembers.id, row.id));
  if (!added) throw new Error('member not added');
  return memberOf(added);
}

/** Run an invitation, answering a taken address as the 409 it is, whatever raced. */
async function inviting(run: () => Promise<HouseholdMember>): Promise<HouseholdMember> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'EMAIL_IN_USE') throw emailHasLogin();
    // The e-mail's unique index (or a login's one household), after a race the checks could not see.
    if (isUniqueViolation(error)) throw emailHasLogin();
    throw error;
  }
}

/** The holder invites a spouse or a delegate (the route asks for a fresh step-up first). */
export async function inviteMember(deps: InviteDeps & { actor: ClientActor; input: MemberInput }) {
  const { db, actor, input } = deps;
  assertClientMay(actor, 'manage');
  return inviting(() =>
    db.transaction(async (tx) => {
      const holder = await getHolder(tx, actor.clientId);
      return addMember(
        tx,
        deps,
        {
          ...input,
          clientId: actor.clientId,
          invitedBy: actor.userId,
          invitedByName: `${holder.firstName} ${holder.lastName}`,
          action: 'household.invite',
        },
        actor,
      );
    }),
  );
}

/** Staff invite the client's spouse, on a file they may work (checked on the locked filing). */
export async function staffInviteSpouse(
  deps: InviteDeps & {
    actor: StaffActor;
    clientId: string;
    taxYear: number;
    input: Pick<MemberInput, 'firstName' | 'lastName' | 'email'>;
  },
) {
  const { db, actor } = deps;
  return inviting(() =>
    db.transaction(async (tx) => {
      await getWorkableFiling(tx, actor, { clientId: deps.clientId, taxYear: deps.taxYear }, 'share');
      const [staff] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, actor.userId));
      return addMember(
        tx,
        deps,
        {
          ...deps.input,
          kind: 'spouse',
          canUpload: true,
          canMessage: true,
          clientId: deps.clientId,
          invitedBy: actor.userId,
          invitedByName: staff ? `${staff.firstName} ${staff.lastName} of ${deps.firm.name}` : deps.firm.name,
          action: 'staff.household.invite',
        },
        actor,
      );
    }),
  );
}

/** The members of a client's file, for staff who may work it. */
export async function staffListHousehold(deps: {
  db: Database;
  actor: StaffActor;
  clientId: string;
  taxYear: number;
}) {
  await getWorkableFiling(deps.db, deps.actor, { clientId: deps.clientId, taxYear: deps.taxYear });
  return findMembers(deps.db, deps.clientId);
}

/** The holder removes a member: the row goes, and the member's sessions and unused links end at once. */
export async function removeMember({
  db,
  actor,
  memberId,
}: {
  db: Database;
  actor: ClientActor;
  memberId: string;
}): Promise<void> {
  assertClientMay(actor, 'manage');
  await db.transaction(async (tx) => {
    const member = await getMember(tx, actor.clientId, memberId);
    await tx
      .delete(householdMembers)
      .where(and(eq(householdMembers.id, member.id), eq(householdMembers.clientId, actor.clientId)));
    await endMemberLogin(tx, member.userId);
    await audit(tx, { actor, action: 'household.remove', subject: `${member.id}: ${member.kind}` });
  });
}

/** The holder sets a delegate's rights (a spouse has every right: refused). In force at their next request. */
export async function setMemberRights({
  db,
  actor,
  memberId,
  canUpload,
  canMessage,
}: {
  db: Database;
  actor: ClientActor;
  memberId: string;
  canUpload: boolean;
  canMessage: boolean;
}): Promise<HouseholdMember> {
  assertClientMay(actor, 'manage');
  return db.transaction(async (tx) => {
    const member = await getMember(tx, actor.clientId, memberId);
    if (member.kind !== 'delegate') {
      throw new AppError('UNPROCESSABLE', {
        message: MESSAGES.HOUSEHOLD_SPOUSE_RIGHTS,
        details: { member_id: MESSAGES.HOUSEHOLD_SPOUSE_RIGHTS },
      });
    }
    await tx
      .update(householdMembers)
      .set({ canUpload, canMessage, updatedAt: new Date() })
      .where(and(eq(householdMembers.id, member.id), eq(householdMembers.clientId, actor.clientId)));
    await audit(tx, {
      actor,
      action: 'household.rights',
      subject: `${member.id}: upload ${canUpload ? 'yes' : 'no'}, message ${canMessage ? 'yes' : 'no'}`,
    });
    return memberOf({ ...member, canUpload, canMessage });
  });
}
