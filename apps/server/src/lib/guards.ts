import type { Access } from '@taxfirm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
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

/** onRequest hook for one access level: 401 without a fitting session, 403 for a session of the wrong role. */
export function requireAccess(access: Access) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isAllowed(access, request.user)) return;
    const code = request.user && access !== 'client' ? 'FORBIDDEN' : 'UNAUTHORIZED';
    return sendError(reply, new AppError(code));
  };
}
