import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import { listAuditLog } from './audit.staff.service.ts';

/** The audit log: admins only (the call table's access level); reading it is audited too. */
export async function auditStaffRoutes(app: FastifyInstance) {
  registerCall(app, CALLS.auditLog, async (request) => {
    const { client_id: clientId, actor_id: actorId, from, to, dataTablesParameters: page } = request.body;
    return {
      draw: page.draw,
      ...(await listAuditLog(app.db, staffActorOf(request), { clientId, actorId, from, to, page })),
    };
  });
}
