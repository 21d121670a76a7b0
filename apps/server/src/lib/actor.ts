/**
 * Who is acting: the one identity every service receives and every audit row records. It is read from the
 * session only (never from a body), by `clientActorOf` / `staffActorOf` in the route handler.
 */
import { isStaffRole, type StaffRole } from '@taxfirm/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

export type Origin = { ip: string; userAgent: string | undefined };

/** A signed-in client, acting on their own file. */
export type ClientActor = Origin & { kind: 'client'; userId: string; clientId: string; email: string };
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
    ...originOf(request),
  };
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
