/**
 * The organizer on the client file, the firm's questions (admins) and the worksheets as files (issue 37).
 * The worksheets are POSTs answered with the file, like the queue's CSV: audited, and limited per person.
 */
import { CALLS, MESSAGES, staffWorksheetBodySchema, WORKSHEET_PATHS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffActorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { attachment } from '../../lib/content-disposition.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { requireAccess } from '../../lib/guards.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { organizerView } from './organizer.service.ts';
import {
  findingsOf,
  getDefinition,
  saveDefinition,
  staffGetOrganizer,
  staffSaveOrganizer,
  staffSendOrganizer,
} from './organizer.staff.service.ts';
import { worksheetCsv, worksheetOf, worksheetPdf, type WorksheetKind } from './worksheets.ts';

export async function organizerStaffRoutes(
  app: FastifyInstance,
  { settings, keyring, appUrl }: { settings: SettingsCache; keyring: Keyring; appUrl: string },
) {
  const keyOf = async (body: { client_id: string; taxy?: number | undefined }) => ({
    clientId: body.client_id,
    taxYear: await settings.taxYear(body.taxy),
  });

  registerCall(app, CALLS.staffOrganizerGet, async (request) =>
    staffGetOrganizer({ db: app.db, keyring, actor: staffActorOf(request), key: await keyOf(request.body) }),
  );

  registerCall(app, CALLS.staffOrganizerSave, async (request) => {
    await staffSaveOrganizer({
      db: app.db,
      keyring,
      actor: staffActorOf(request),
      key: await keyOf(request.body),
      answers: request.body.answers,
      reason: request.body.reason,
    });
    return { status_smessage: MESSAGES.ORGANIZER_STAFF_SAVED };
  });

  registerCall(app, CALLS.staffOrganizerSend, async (request) => {
    await staffSendOrganizer({
      db: app.db,
      keyring,
      actor: staffActorOf(request),
      key: await keyOf(request.body),
      voice: { firm: await settings.firm(), appUrl },
      currentTaxYear: await settings.taxYear(),
    });
    return { status_smessage: MESSAGES.ORGANIZER_REQUESTED };
  });

  registerCall(app, CALLS.staffOrganizerDefinitionGet, async (request) =>
    getDefinition(app.db, await settings.taxYear(request.body.taxy)),
  );

  registerCall(app, CALLS.staffOrganizerDefinitionSave, async (request) => ({
    status_smessage: MESSAGES.ORGANIZER_DEFINITION_SAVED,
    ...(await saveDefinition(app.db, staffActorOf(request), {
      taxYear: await settings.taxYear(request.body.taxy),
      body: request.body,
    })),
  }));

  for (const kind of ['fbar', 'pfic'] as const satisfies readonly WorksheetKind[]) {
    app.withTypeProvider<ZodTypeProvider>().post(
      WORKSHEET_PATHS[kind],
      {
        onRequest: [
          requireAccess('staff'),
          ...limits(app, { name: 'organizer-worksheet', max: 60, window: '1 hour', key: byUser }),
        ],
        schema: { body: staffWorksheetBodySchema, hide: true },
      },
      async (request, reply) => {
        const actor = staffActorOf(request);
        const key = await keyOf(request.body);
        const filing = await getWorkableFiling(app.db, actor, key);
        const { answers } = await organizerView({ db: app.db, keyring }, filing);
        const sheet = worksheetOf(kind, await findingsOf(app.db, answers, filing.taxYear), filing.taxYear);
        await audit(app.db, {
          actor,
          action: 'staff.organizer.worksheet',
          clientId: filing.clientId,
          subject: `${kind} ${request.body.format}`,
        });
        const name = `${kind}-worksheet-${filing.taxYear}.${request.body.format}`;
        const body =
          request.body.format === 'csv'
            ? worksheetCsv(sheet)
            : Buffer.from(await worksheetPdf(sheet, (await settings.firm()).name));
        return reply
          .header(
            'content-type',
            request.body.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
          )
          .header('content-disposition', attachment(name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }
}
