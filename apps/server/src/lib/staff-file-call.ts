import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffActorOf } from './actor.ts';

/**
 * What a staff call on one client's file starts from: the database, the session's staff member, and the file
 * its body names (`client_id`, and `taxy` or else the current tax year). The service checks the
 * file-assignment rules.
 */
export async function staffFileOf(
  app: FastifyInstance,
  settings: { taxYear: (requested?: number | null) => Promise<number> },
  request: FastifyRequest & { body: { client_id: string; taxy?: number | null | undefined } },
) {
  return {
    db: app.db,
    actor: staffActorOf(request),
    clientId: request.body.client_id,
    taxYear: await settings.taxYear(request.body.taxy),
  };
}
