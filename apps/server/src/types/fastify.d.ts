import type { Database } from '@taxfirm/db';
import type { ObjectStorage } from '../lib/storage/object-storage.ts';

export type SessionUser = { id: string; role: 'client' | 'analyst' | 'admin'; clientId: string | null };

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Where documents and résumés are kept (local encrypted disk or S3). */
    storage: ObjectStorage;
  }
  interface FastifyRequest {
    /** The session's user, resolved on the server; null when logged out. */
    user: SessionUser | null;
  }
}
