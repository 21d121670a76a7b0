/** Status automations (issue 36): admins list, save, preview, pause and resume the firm's rules. */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import {
  listAutomations,
  pauseAutomation,
  previewAutomation,
  saveAutomation,
} from './automations.staff.service.ts';

export async function automationsStaffRoutes(app: FastifyInstance) {
  registerCall(app, CALLS.staffAutomationsList, async () => ({ rules: await listAutomations(app.db) }));

  registerCall(app, CALLS.staffAutomationsSave, async (request) => ({
    status_smessage: MESSAGES.AUTOMATION_SAVED,
    rule_id: await saveAutomation(app.db, staffActorOf(request), request.body),
  }));

  registerCall(app, CALLS.staffAutomationsPreview, async (request) => ({
    ...(await previewAutomation(app.db, staffActorOf(request), {
      status: request.body.status,
      indiaOnly: request.body.india_only,
    })),
  }));

  registerCall(app, CALLS.staffAutomationsPause, async (request) => {
    const { rule_id: ruleId, paused } = request.body;
    await pauseAutomation(app.db, staffActorOf(request), { ruleId, paused });
    return { status_smessage: paused ? MESSAGES.AUTOMATION_PAUSED : MESSAGES.AUTOMATION_RESUMED };
  });
}
