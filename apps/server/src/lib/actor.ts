/**
 * Who is acting: the one identity every service receives and every audit row records. It is read from the
 * session only (never from a body), by `clientActorOf` / `staffActorOf` in the route handler.
 */
import { isStaffRole, MESSAGES, type StaffRole } from '@taxfirm/contract';
import type { FastifyRequest } from 'fastify';
import type { SessionMember } from '../types/fastify.d.ts';
import { AppError } from './app-error.ts';

export type Origin = { ip: string; userAgent: string | undefined };

/**
 * A signed-in client, acting on their own file: its holder (`member: null`), or a household member (issue 38)
 * signed in with their own login (`userId`, `email` are the member's), with their kind and rights.
 */
export type ClientActor = Origin & {
  kind: 'client';
  userId: string;
  clientId: string;
  email: string;
  member: SessionMember | null;
};
/**
 * A signed-in staff member (analyst or admin). `offshore`: works outside the United States (the India team),
 * so refused on a file whose client has no §7216 Yes in force, and never shown an identity number.
 */
export type StaffActor = Origin & { kind: 'staff'; userId: string; role: StaffRole; offshore: boolean };
/**
 * Someone without a session: a sign-in attempt, a password reset by link, a refused call. `userId` is the
 * account they tried or acted on, when it exists (the audit row's actor), else null.
 */
export type VisitorActor = Origin & { kind: 'visitor'; userId: string | null };
/** The product itself: a payment provider's webhook, the mail worker, a command-line tool. */
export type SystemActor = { kind: 'system' };
export type Actor = ClientActor | StaffActor | VisitorActor | SystemActor;

export const SYSTEM: SystemActor = { kind: 'system' };

export const originOf = (request: FastifyRequest): Origin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The session's client: the only identity client calls use. */
export function clientActorOf(request: FastifyRequest): ClientActor {
  const user = request.user;
  if (!user?.clientId) throw new AppError('UNAUTHORIZED');
  return {
    kind: 'client',
    userId: user.id,
    clientId: user.clientId,
    email: user.email,
    member: user.member,
    ...originOf(request),
  };
}

/** What a household member may not do, and the refusal each answers (403 with the reason). */
export type MemberRight = 'upload' | 'message' | 'sign' | 'reveal' | 'edit' | 'manage';

const REFUSALS: Record<MemberRight, string> = {
  upload: MESSAGES.HOUSEHOLD_NO_UPLOAD,
  message: MESSAGES.HOUSEHOLD_NO_MESSAGE,
  sign: MESSAGES.HOUSEHOLD_NO_SIGN,
  reveal: MESSAGES.HOUSEHOLD_NO_REVEAL,
  edit: MESSAGES.HOUSEHOLD_NO_EDIT,
  manage: MESSAGES.HOUSEHOLD_HOLDER_ONLY,
};

/**
 * May this client do `right` on their file? The holder may do everything. A spouse has the holder's rights
 * on the file, but only the holder manages the household. A delegate sees the file, uploads and sends
 * messages only with the holder's leave, and never signs, reveals an identity number or edits the profile.
 */
export function clientMay(actor: Pick<ClientActor, 'member'>, right: MemberRight): boolean {
  const member = actor.member;
  if (!member) return true;
  if (right === 'manage') return false;
  if (member.kind === 'spouse') return true;
  if (right === 'upload') return member.canUpload;
  if (right === 'message') return member.canMessage;
  return false;
}

/** Refuse (403, with the reason) a household member who may not do `right`. */
export function assertClientMay(actor: Pick<ClientActor, 'member'>, right: MemberRight): void {
  if (!clientMay(actor, right)) throw new AppError('FORBIDDEN', { message: REFUSALS[right] });
}

/** The session's staff member and role: the only identity staff calls use. */
export function staffActorOf(request: FastifyRequest): StaffActor {
  const user = request.user;
  if (!user || !isStaffRole(user.role)) throw new AppError('FORBIDDEN');
  return { kind: 'staff', userId: user.id, role: user.role, offshore: user.offshore, ...originOf(request) };
}

/** The request's origin, acting on (or trying) the account `userId`, before any session exists. */
export function visitorActorOf(request: FastifyRequest, userId: string | null = null): VisitorActor {
  return { kind: 'visitor', userId, ...originOf(request) };
}

/** Whoever makes this request: the session's client or staff member, else a visitor. */
export function requestActorOf(request: FastifyRequest): ClientActor | StaffActor | VisitorActor {
  const user = request.user;
  if (user?.role === 'client' && user.clientId) return clientActorOf(request);
  if (user && isStaffRole(user.role)) return staffActorOf(request);
  return visitorActorOf(request, user?.id ?? null);
}
