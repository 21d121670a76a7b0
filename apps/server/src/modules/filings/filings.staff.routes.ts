import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { addNote, getClient } from './client-file.staff.service.ts';
import { assignAnalyst, changeStatus, setFileNumber } from './filings.service.ts';

export async function filingsStaffRoutes(
  app: FastifyInstance,
  { settings, appUrl }: { settings: SettingsCache; appUrl: string },
) {
  /** Who asks, and which file: the client's file of the current tax year. */
  const currentFileOf = async (request: FastifyRequest & { body: { client_id: string } }) => ({
    actor: staffActorOf(request),
    file: { clientId: request.body.client_id, taxYear: await settings.taxYear() },
  });

  registerCall(app, CALLS.staffClient, async (request) =>
    getClient(
      app.db,
      staffActorOf(request),
      request.body.client_id,
      await settings.taxYear(request.body.taxy),
    ),
  );

  registerCall(app, CALLS.staffChangeStatus, async (request) => {
    const { client_id: clientId, taxy, status, comment } = request.body;
    const voice = { firm: await settings.firm(), appUrl };
    await changeStatus({ db: app.db, voice }, staffActorOf(request), {
      clientId,
      taxYear: await settings.taxYear(taxy),
      status,
      comment,
    });
    return { status_smessage: MESSAGES.STATUS_CHANGED };
  });

  registerCall(app, CALLS.staffSetFileNumber, async (request) => {
    const { actor, file } = await currentFileOf(request);
    await setFileNumber(app.db, actor, { ...file, fileNumber: request.body.file_number });
    return { status_smessage: MESSAGES.FILE_NUMBER_SAVED };
  });

  registerCall(app, CALLS.staffAssign, async (request) => {
    await assignAnalyst(app.db, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await settings.taxYear(request.body.taxy),
      analystId: request.body.analyst_id,
    });
    return { status_smessage: MESSAGES.ANALYST_ASSIGNED };
  });

  registerCall(app, CALLS.staffAddNote, async (request) => {
    const { actor, file } = await currentFileOf(request);
    await addNote(app.db, actor, { ...file, body: request.body.body });
    return { status_smessage: MESSAGES.NOTE_SAVED };
  });
}
