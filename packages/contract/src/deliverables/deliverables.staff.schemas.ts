import { z } from 'zod';
import { clientIdField, envelope, optionalIsoDayField, optionalText, taxYearField } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { FILE_STATUSES } from '../statuses.ts';
import {
  ADDED_DELIVERABLE_KINDS,
  DELIVERABLE_KINDS,
  DELIVERABLE_STATUSES,
} from './deliverables.constants.ts';

const deliverableIdField = z.uuid({ error: MESSAGES.DELIVERABLE_NOT_FOUND });
const staffIdField = z.uuid({ error: MESSAGES.ANALYST_INVALID });

/** One client's tax year. */
export const staffDeliverablesListBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });

export const deliverableSchema = z.object({
  /** Null for the federal return, which is the filing itself. */
  deliverable_id: z.string().nullable(),
  kind: z.enum(DELIVERABLE_KINDS),
  /** The state's name, or what an "other" deliverable is; null when the kind says it all. */
  label: z.string().nullable(),
  owner: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  /** The short status; null for the federal return, whose status is the file's (`file_status`). */
  status: z.enum(DELIVERABLE_STATUSES).nullable(),
  file_status: z.enum(FILE_STATUSES).nullable(),
  extended: z.boolean(),
  /** YYYY-MM-DD: the date staff gave, or else the rule's; null when neither says (amended, other). */
  due_on: z.string().nullable(),
  /** What the rule says for this kind and tax year (with the extension when recorded). */
  rule_due_on: z.string().nullable(),
  /** Why staff moved the date from the rule's; null when it follows the rule. */
  due_reason: z.string().nullable(),
});
export type Deliverable = z.infer<typeof deliverableSchema>;

export const staffDeliverablesListResponseSchema = envelope({
  deliverables: z.array(deliverableSchema),
  /** Kinds the profile suggests that the file does not have yet; staff confirm each by adding it. */
  suggestions: z.array(
    z.object({ kind: z.enum(ADDED_DELIVERABLE_KINDS), label: z.string().nullable(), reason: z.string() }),
  ),
});

/**
 * Add a deliverable (no `deliverable_id`) or change one. The federal return (`kind: 'federal'`, no id) takes
 * only the extension and the due date; its owner and status are the file's.
 */
export const staffDeliverablesSaveBodySchema = z
  .object({
    client_id: clientIdField,
    taxy: taxYearField,
    deliverable_id: deliverableIdField.optional(),
    kind: z.enum(DELIVERABLE_KINDS, { error: MESSAGES.DELIVERABLE_KIND_INVALID }),
    label: optionalText(80),
    owner_id: staffIdField.nullish(),
    status: z.enum(DELIVERABLE_STATUSES, { error: MESSAGES.DELIVERABLE_STATUS_INVALID }).optional(),
    extended: z.boolean({ error: MESSAGES.INVALID_REQUEST }).optional(),
    /** A date other than the rule's, with its reason; null (or empty) goes back to the rule. */
    due_on: optionalIsoDayField(MESSAGES.DELIVERABLE_DUE_DATE_INVALID),
    due_reason: optionalText(200),
  })
  .superRefine((body, ctx) => {
    if (body.due_on && !body.due_reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['due_reason'],
        message: MESSAGES.DELIVERABLE_DUE_REASON_REQUIRED,
      });
    }
    if ((body.kind === 'state' || body.kind === 'other') && !body.deliverable_id && !body.label) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: MESSAGES.DELIVERABLE_LABEL_REQUIRED });
    }
  });
export type StaffDeliverablesSaveBody = z.input<typeof staffDeliverablesSaveBodySchema>;

export const staffDeliverablesSaveResponseSchema = envelope({ deliverable_id: z.string().nullable() });

export const staffDeliverablesRemoveBodySchema = z.object({
  client_id: clientIdField,
  taxy: taxYearField,
  deliverable_id: deliverableIdField,
});
