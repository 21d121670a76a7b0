/** The checklist in the staff console: its calls' bodies and answers. */
import { z } from 'zod';
import { clientIdField, envelope, optionalText, requiredText, taxYearField } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { REQUEST_ITEM_TYPE_NAMES, REQUEST_PERSONS } from './requests.constants.ts';
import { checklistFields, itemIdField, itemTypeField } from './requests.schemas.ts';

export const staffRequestsListBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });
export const staffRequestsListResponseSchema = envelope({
  ...checklistFields,
  /** "reminded 4 times, no response" */
  reminder_summary: z.string(),
  /** The file's status, and the status one click moves it to when the checklist is complete. */
  file_status: z.string(),
  next_status: z.string().nullable(),
  templates: z.array(z.object({ template_id: z.string(), name: z.string(), items: z.number().int() })),
  /** How long the file links stay valid, in seconds. */
  links_ttl_s: z.number().int(),
});
export type StaffRequests = z.infer<typeof staffRequestsListResponseSchema>;

/** An item as staff write it (add or edit). */
export const requestItemInputSchema = z.object({
  type: itemTypeField,
  title: requiredText(MESSAGES.REQUEST_ITEM_TITLE_REQUIRED, 200),
  person: z.enum(REQUEST_PERSONS).nullish(),
  /** When person is 'dependent': which one. */
  dependent_id: z.uuid().nullish(),
  note: optionalText(1000),
  required: z.boolean().default(true),
});
export type RequestItemInput = z.input<typeof requestItemInputSchema>;

/** Which file's checklist a change is for. */
const fileTarget = { client_id: clientIdField, taxy: taxYearField };
/** One item of a file's checklist. */
const itemTarget = { ...fileTarget, item_id: itemIdField };

export const staffRequestsItemsAddBodySchema = z.object({ ...fileTarget, item: requestItemInputSchema });
export const staffRequestsItemsEditBodySchema = z.object({ ...itemTarget, item: requestItemInputSchema });
export const staffRequestsItemsRemoveBodySchema = z.object(itemTarget);
export const staffRequestsItemsNotApplicableBodySchema = z.object({
  ...itemTarget,
  reason: optionalText(500),
});
/** Reopen an item (back to requested), e.g. one marked not applicable by mistake. */
export const staffRequestsItemsReopenBodySchema = z.object(itemTarget);
/** The file's items in their new order (every live item id, once). */
export const staffRequestsItemsReorderBodySchema = z.object({
  ...fileTarget,
  item_ids: z.array(itemIdField).max(200),
});
export const staffRequestsApplyTemplateBodySchema = z.object({ ...fileTarget, template_id: z.uuid() });

export const staffRequestsReviewBodySchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept'), item_id: itemIdField }),
  z.object({
    decision: z.literal('reject'),
    item_id: itemIdField,
    reason: requiredText(MESSAGES.REQUEST_REJECT_REASON_REQUIRED, 500),
  }),
]);

export const staffRequestsRemindBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });

export const requestTemplateItemSchema = requestItemInputSchema.omit({ dependent_id: true });
export const staffRequestsTemplatesBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  /** Create (no template_id) or replace a template's name and items. */
  z.object({
    action: z.literal('save'),
    template_id: z.uuid().optional(),
    name: requiredText(MESSAGES.REQUEST_ITEM_TITLE_REQUIRED, 100),
    items: z.array(requestTemplateItemSchema).min(1).max(100),
  }),
  /** Save a file's current checklist as a template. */
  z.object({
    action: z.literal('save_from_file'),
    name: requiredText(MESSAGES.REQUEST_ITEM_TITLE_REQUIRED, 100),
    client_id: clientIdField,
    taxy: taxYearField,
  }),
  z.object({ action: z.literal('delete'), template_id: z.uuid() }),
]);
export const staffRequestsTemplatesResponseSchema = envelope({
  message: z.string(),
  templates: z.array(
    z.object({
      template_id: z.string(),
      name: z.string(),
      // Plain output types: a response schema must not transform (the serializer cannot encode a transform).
      items: z.array(
        z.object({
          type: z.enum(REQUEST_ITEM_TYPE_NAMES),
          title: z.string(),
          person: z.enum(REQUEST_PERSONS).nullable(),
          note: z.string().nullable(),
          required: z.boolean(),
        }),
      ),
    }),
  ),
});
