import type { Access } from '@taxfirm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestActorOf } from './actor.ts';
import { AppError } from './app-error.ts';
import { audit } from './audit.ts';
import { sendError } from '../plugins/app/errors.ts';

/** May this request make a call with the given access level? Identity comes only from the session. */
export function isAllowed(access: Access, user: FastifyRequest['user']): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'client':
      return user?.role === 'client' && user.clientId !== null;
    case 'staff':
      return user?.role === 'analyst' || user?.role === 'admin';
    case 'admin':
      return user?.role === 'admin';
  }
}

/**
 * onRequest hook for one access level: 401 without a fitting session, 403 for a session of the wrong role.
 * A staff or admin call refused to a signed-in user (a client, or an analyst on an admin call) is audited;
 * a call without a session is not (it names nobody, and anyone could fill the append-only log with them).
 */
export function requireAccess(access: Access) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isAllowed(access, request.user)) return;
    const code = request.user && access !== 'client' ? 'FORBIDDEN' : 'UNAUTHORIZED';
    if (code === 'FORBIDDEN') {
      await audit(request.server.db, {
        actor: requestActorOf(request),
        action: 'staff.access.denied',
        subject: `${request.routeOptions.url ?? request.url.split('?')[0]} (${access} only)`,
      });
    }
    return sendError(reply, new AppError(code));
  };
}
