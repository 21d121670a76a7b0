/**
 * The checklist in the staff console. Staff routes need a staff session (the call table's access); the
 * services check the file-assignment rules on the locked filing. File links are the staff document route's
 * (short-lived, signed for this staff member, checked again when opened).
 */
import { CALLS, MESSAGES, type messageResponseSchema, type CallDefinition } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { createStaffLinkSigner, LINK_TTL_MS } from '../../lib/crypto/signed-links.ts';
import { registerCall } from '../../lib/register-call.ts';
import { staffFileOf } from '../../lib/staff-file-call.ts';
import { staffFileLinks } from '../documents/document-links.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import type { z } from 'zod';
import {
  addChecklistItem,
  applyTemplate,
  editChecklistItem,
  markItemNotApplicable,
  removeChecklistItem,
  reopenChecklistItem,
  reorderChecklist,
  type ChecklistChange,
} from './requests.items.service.ts';
import { listStaffChecklist, reviewItem } from './requests.staff.service.ts';
import { manageTemplates } from './requests.templates.service.ts';

export async function requestsStaffRoutes(
  app: FastifyInstance,
  { settings, linkSecret }: { settings: SettingsCache; linkSecret: string },
) {
  const links = createStaffLinkSigner(linkSecret);

  registerCall(app, CALLS.staffRequestsList, async (request) => {
    const file = await staffFileOf(app, settings, request);
    const checklist = await listStaffChecklist({
      ...file,
      fileLinks: (stored) => staffFileLinks(links, stored, file.actor.userId),
    });
    return { ...checklist, links_ttl_s: Math.floor(LINK_TTL_MS / 1000) };
  });

  /** A change to a file's checklist: one call each, answered "saved". */
  const registerChange = <B extends z.ZodType<{ client_id: string; taxy?: number | undefined }>>(
    call: CallDefinition<B, typeof messageResponseSchema>,
    change: (deps: ChecklistChange<z.output<B>>) => Promise<void>,
  ) =>
    registerCall(app, call, async (request) => {
      await change({
        db: app.db,
        actor: staffActorOf(request),
        taxYear: await settings.taxYear(request.body.taxy),
        body: request.body,
      });
      return { message: MESSAGES.REQUEST_SAVED, status_smessage: MESSAGES.REQUEST_SAVED };
    });
  registerChange(CALLS.staffRequestsItemsAdd, addChecklistItem);
  registerChange(CALLS.staffRequestsItemsEdit, editChecklistItem);
  registerChange(CALLS.staffRequestsItemsRemove, removeChecklistItem);
  registerChange(CALLS.staffRequestsItemsNotApplicable, markItemNotApplicable);
  registerChange(CALLS.staffRequestsItemsReopen, reopenChecklistItem);
  registerChange(CALLS.staffRequestsItemsReorder, reorderChecklist);
  registerChange(CALLS.staffRequestsApplyTemplate, applyTemplate);

  registerCall(app, CALLS.staffRequestsReview, async (request) => {
    const { body } = request;
    await reviewItem({
      db: app.db,
      actor: staffActorOf(request),
      itemId: body.item_id,
      decision: body.decision,
      ...(body.decision === 'reject' ? { reason: body.reason } : {}),
    });
    return { message: MESSAGES.REQUEST_REVIEWED, status_smessage: MESSAGES.REQUEST_REVIEWED };
  });

  registerCall(app, CALLS.staffRequestsTemplates, async (request) => {
    const { body } = request;
    const actor = staffActorOf(request);
    const result = await manageTemplates({
      db: app.db,
      actor,
      input:
        body.action === 'save_from_file'
          ? {
              action: 'save_from_file',
              name: body.name,
              client_id: body.client_id,
              taxYear: await settings.taxYear(body.taxy),
            }
          : body,
    });
    return { ...result, status_smessage: result.message };
  });
}
