/**
 * Status automations (issue 36): "when a file's federal return enters status X (optionally: only India-linked
 * files), do A", defined by admins, run once per file per entry into the status.
 */
import { z } from 'zod';
import { envelope, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { fileActionSchemas } from '../bulk/bulk.staff.schemas.ts';

/** The firm keeps at most this many rules. */
export const AUTOMATION_MAX_RULES = 50;
/** The preview looks back this many days. */
export const AUTOMATION_PREVIEW_DAYS = 30;

export const AUTOMATION_ACTION_KINDS = [
  'template',
  'signature',
  'message',
  'invoice',
  'assign',
  'deliverable',
] as const;
export type AutomationActionKind = (typeof AUTOMATION_ACTION_KINDS)[number];
export const AUTOMATION_ACTION_LABELS: Record<AutomationActionKind, string> = {
  template: 'Apply a checklist template',
  signature: 'Send a document to sign',
  message: 'Send a canned message',
  invoice: 'Send an invoice from the price list',
  assign: 'Assign (in turn among several)',
  deliverable: 'Add a deliverable',
};

/** What a rule does to each file: a file action that changes no status (so rules never set each other off). */
export const automationActionSchema = z.discriminatedUnion(
  'kind',
  [
    fileActionSchemas.template,
    fileActionSchemas.signature,
    fileActionSchemas.message,
    fileActionSchemas.invoice,
    fileActionSchemas.assign,
    fileActionSchemas.deliverable,
  ],
  { error: MESSAGES.AUTOMATION_ACTION_INVALID },
);
export type AutomationAction = z.infer<typeof automationActionSchema>;

const ruleIdField = z.uuid({ error: MESSAGES.AUTOMATION_NOT_FOUND });
/** When the rule fires: the status entered, and whether only files with an India tie count. */
const triggerFields = {
  status: z.enum(FILE_STATUSES, { error: MESSAGES.STATUS_INVALID }),
  /** Only files with an Indian return or an FBAR among their deliverables. */
  india_only: z.boolean({ error: MESSAGES.INVALID_REQUEST }).default(false),
};

export const automationRuleSchema = z.object({
  rule_id: z.string(),
  name: z.string(),
  status: z.enum(FILE_STATUSES),
  india_only: z.boolean(),
  /** Null only for a rule whose stored action no longer reads (it fires nothing). */
  action: automationActionSchema.nullable(),
  /** The action in words. */
  summary: z.string(),
  paused: z.boolean(),
  updated_by: z.string(),
  updated_at: z.string(),
  /** Its runs of the last 30 days, by outcome (pending: still to do). */
  runs: z.object({
    pending: z.number().int(),
    done: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
  }),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;
export const staffAutomationsListResponseSchema = envelope({ rules: z.array(automationRuleSchema) });

/** A new rule (no `rule_id`), or a change to one; saving a rule makes its actions the saver's. */
export const staffAutomationSaveBodySchema = z.object({
  rule_id: ruleIdField.optional(),
  name: requiredText(MESSAGES.AUTOMATION_NAME_REQUIRED, 80),
  ...triggerFields,
  action: automationActionSchema,
  /** A new rule starts paused unless told otherwise; a change keeps the rule's state unless told. */
  paused: z.boolean({ error: MESSAGES.INVALID_REQUEST }).optional(),
});
export type StaffAutomationSaveBody = z.input<typeof staffAutomationSaveBodySchema>;
/** The body as the server reads it (defaults filled, texts trimmed). */
export type StaffAutomationSaveInput = z.output<typeof staffAutomationSaveBodySchema>;
export const staffAutomationSaveResponseSchema = envelope({ rule_id: z.string() });

export const staffAutomationPauseBodySchema = z.object({
  rule_id: ruleIdField,
  paused: z.boolean({ error: MESSAGES.INVALID_REQUEST }),
});

/** Which files a rule with this trigger would have acted on in the last 30 days (each entry once). */
export const staffAutomationPreviewBodySchema = z.object(triggerFields);
export const automationPreviewRowSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  file_number: z.string().nullable(),
  tax_year: z.number().int(),
  /** When the file entered the status (ISO instant). */
  entered_at: z.string(),
});
export const staffAutomationPreviewResponseSchema = envelope({
  total: z.number().int(),
  /** The latest entries first, at most 100 (the total counts them all). */
  files: z.array(automationPreviewRowSchema),
});
