import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { countQueues, listQueue, staffActorOf } from './clients.service.ts';
import {
  addNote,
  assignAnalyst,
  changeContact,
  changeStatus,
  getClient,
  markVerified,
  sendResetLink,
  setFileNumber,
} from './client-actions.service.ts';
import type { MailWorker } from '../mail/mail.worker.ts';

export async function staffClientsRoutes(
  app: FastifyInstance,
  { settings, appUrl, mail }: { settings: SettingsCache; appUrl: string; mail: MailWorker },
) {
  const taxYearOf = async (taxy: number | undefined) => taxy ?? (await settings.get()).current_tax_year;

  registerCall(app, CALLS.staffQueues, async (request) =>
    countQueues(app.db, staffActorOf(request), await taxYearOf(request.body.taxy)),
  );

  registerCall(app, CALLS.staffClientList, async (request) => {
    const { dataTablesParameters: page, sort, status, taxy } = request.body;
    return {
      draw: page.draw,
      ...(await listQueue(app.db, staffActorOf(request), {
        taxYear: await taxYearOf(taxy),
        status,
        page,
        sort,
      })),
    };
  });

  registerCall(app, CALLS.staffClient, async (request) =>
    getClient(app.db, staffActorOf(request), request.body.client_id, await taxYearOf(request.body.taxy)),
  );

  registerCall(app, CALLS.staffChangeStatus, async (request) => {
    const { client_id: clientId, taxy, status, comment } = request.body;
    await changeStatus(
      { db: app.db, appUrl, firmName: (await settings.get()).firm_name },
      staffActorOf(request),
      {
        clientId,
        taxYear: await taxYearOf(taxy),
        status,
        comment,
      },
    );
    void mail.wake();
    return { status_smessage: MESSAGES.STATUS_CHANGED };
  });

  registerCall(app, CALLS.staffSetFileNumber, async (request) => {
    await setFileNumber(app.db, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await taxYearOf(undefined),
      fileNumber: request.body.file_number,
    });
    return { status_smessage: MESSAGES.FILE_NUMBER_SAVED };
  });

  registerCall(app, CALLS.staffAssign, async (request) => {
    await assignAnalyst(app.db, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await taxYearOf(request.body.taxy),
      analystId: request.body.analyst_id,
    });
    return { status_smessage: MESSAGES.ANALYST_ASSIGNED };
  });

  registerCall(app, CALLS.staffSendResetLink, async (request) => {
    await sendResetLink(
      { db: app.db, appUrl, firmName: (await settings.get()).firm_name },
      staffActorOf(request),
      { clientId: request.body.client_id, taxYear: await taxYearOf(undefined) },
    );
    void mail.wake();
    return { status_smessage: MESSAGES.RESET_LINK_SENT };
  });

  registerCall(app, CALLS.staffVerifyClient, async (request) => {
    await markVerified(app.db, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await taxYearOf(undefined),
    });
    return { status_smessage: MESSAGES.ACCOUNT_MARKED_VERIFIED };
  });

  registerCall(app, CALLS.staffClientContact, async (request) => {
    const { firm_name: firmName, site_email: siteEmail } = await settings.get();
    await changeContact({ db: app.db, firmName, siteEmail }, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await taxYearOf(undefined),
      email: request.body.email,
      phone: request.body.phone,
      phoneExt: request.body.phone_ext,
    });
    void mail.wake();
    return { status_smessage: MESSAGES.CLIENT_CONTACT_SAVED };
  });

  registerCall(app, CALLS.staffAddNote, async (request) => {
    await addNote(app.db, staffActorOf(request), {
      clientId: request.body.client_id,
      taxYear: await taxYearOf(undefined),
      body: request.body.body,
    });
    return { status_smessage: MESSAGES.NOTE_SAVED };
  });
}
