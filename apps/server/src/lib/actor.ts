/**
 * Who is acting: the one identity every service receives and every audit row records. It is read from the
 * session only (never from a body), by `clientActorOf` / `staffActorOf` in the route handler.
 */
import { isStaffRole, type StaffRole } from '@taxfirm/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

type Origin = { ip: string; userAgent: string | undefined };

/** A signed-in client, acting on their own file. */
export type ClientActor = Origin & { kind: 'client'; userId: string; clientId: string; email: string };
/** A signed-in staff member (analyst or admin). */
export type StaffActor = Origin & { kind: 'staff'; userId: string; role: StaffRole };
/** The product itself: a payment provider's webhook, the mail worker, a command-line tool. */
export type SystemActor = { kind: 'system' };
export type Actor = ClientActor | StaffActor | SystemActor;

export const SYSTEM: SystemActor = { kind: 'system' };

const originOf = (request: FastifyRequest): Origin => ({
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
  return { kind: 'staff', userId: user.id, role: user.role, ...originOf(request) };
}
