import { CALLS, isStaffRole } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { countQueues, listQueue, type StaffActor } from './clients.service.ts';

export async function staffClientsRoutes(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  /** The session's staff member and role: the only identity these calls use. */
  const actorOf = (request: FastifyRequest): StaffActor => {
    const user = request.user;
    if (!user || !isStaffRole(user.role)) throw new AppError('FORBIDDEN');
    return { userId: user.id, role: user.role, ip: request.ip, userAgent: request.headers['user-agent'] };
  };
  const taxYearOf = async (taxy: number | undefined) => taxy ?? (await settings.get()).current_tax_year;

  registerCall(app, CALLS.staffQueues, async (request) =>
    countQueues(app.db, actorOf(request), await taxYearOf(request.body.taxy)),
  );

  registerCall(app, CALLS.staffClientList, async (request) => {
    const { dataTablesParameters: page, sort, status, taxy } = request.body;
    return {
      draw: page.draw,
      ...(await listQueue(app.db, actorOf(request), {
        taxYear: await taxYearOf(taxy),
        status,
        page,
        sort,
      })),
    };
  });
}
