import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import { findActivity } from './activity.service.ts';

/** The console home's activity feed: what this staff member's clients did, newest first. */
export async function activityRoutes(app: FastifyInstance) {
  registerCall(app, CALLS.staffActivityList, async (request) =>
    findActivity({ db: app.db, actor: staffActorOf(request), page: request.body.page }),
  );
}
