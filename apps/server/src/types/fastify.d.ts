import type { Database } from '@taxfirm/db';

export type SessionUser = { id: string; role: 'client' | 'analyst' | 'admin'; clientId: string | null };

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
  interface FastifyRequest {
    /** The session's user, resolved on the server; null when logged out. */
    user: SessionUser | null;
  }
}
