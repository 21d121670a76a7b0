import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerCall } from '../../lib/register-call.ts';
import { staffActorOf } from '../../lib/actor.ts';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';
import { listStatusTemplates, resetStatusTemplate, saveStatusTemplate } from './status-emails.service.ts';

export async function notificationsRoutes(app: FastifyInstance) {
  /** The session's client: the only identity the bell uses. */
  const clientOf = (request: FastifyRequest) => {
    const clientId = request.user?.clientId;
    if (!clientId) throw new AppError('UNAUTHORIZED');
    return clientId;
  };

  registerCall(app, CALLS.notifications, async (request) => listNotifications(app.db, clientOf(request)));

  registerCall(app, CALLS.notificationsRead, async (request) => {
    await markNotificationsRead(app.db, clientOf(request), request.body.id ? { id: request.body.id } : {});
    return { status_smessage: MESSAGES.NOTIFICATIONS_READ };
  });

  registerCall(app, CALLS.statusTemplates, async () => listStatusTemplates(app.db));

  registerCall(app, CALLS.statusTemplateSave, async (request) => {
    await saveStatusTemplate(app.db, staffActorOf(request), request.body);
    return { status_smessage: MESSAGES.TEMPLATE_SAVED };
  });

  registerCall(app, CALLS.statusTemplateReset, async (request) => {
    await resetStatusTemplate(app.db, staffActorOf(request), request.body.status);
    return { status_smessage: MESSAGES.TEMPLATE_RESET };
  });
}
