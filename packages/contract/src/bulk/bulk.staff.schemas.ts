/**
 * Work on many files at once (issue 36): a bulk action over a selection of a queue, run as a background job
 * with progress, one file at a time, each with the single-file action's own rules.
 */
import { z } from 'zod';
import { clientIdField, envelope, hasNoNul, requiredText, taxYearField } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { queueFilterSchema } from '../staff/work-queues.schemas.ts';
import { ADDED_DELIVERABLE_KINDS } from '../deliverables/deliverables.constants.ts';

/** At most this many files chosen one by one (a page's rows); "every file matching" has no such limit. */
export const BULK_MAX_CHOSEN = 500;
/** Round-robin among at most this many staff. */
export const BULK_MAX_ASSIGNEES = 20;

export const BULK_ACTION_KINDS = [
  'assign',
  'status',
  'remind',
  'template',
  'message',
  'signature',
  'invoice',
] as const;
export type BulkActionKind = (typeof BULK_ACTION_KINDS)[number];
export const BULK_ACTION_LABELS: Record<BulkActionKind, string> = {
  assign: 'Assign',
  status: 'Change the status',
  remind: 'Send the checklist reminder',
  template: 'Apply a checklist template',
  message: 'Send a canned message',
  signature: 'Send a document to sign',
  invoice: 'Send an invoice from the price list',
};

/** Invoice lines: at most this many price list items, each once. */
export const FILE_ACTION_MAX_PRICE_ITEMS = 10;

/**
 * What can be done to one file, by a bulk job or a status automation: the single-file calls' bodies, less the
 * file. Each kind is one schema, so bulk actions and automations take the same words for the same thing.
 */
export const fileActionSchemas = {
  assign: z.object({
    kind: z.literal('assign'),
    /** One: every file to them. Several: in turn (round-robin), in the selection's order. */
    analyst_ids: z
      .array(z.uuid({ error: MESSAGES.ANALYST_INVALID }), { error: MESSAGES.ANALYST_INVALID })
      .min(1, { error: MESSAGES.BULK_ASSIGNEES_REQUIRED })
      .max(BULK_MAX_ASSIGNEES, { error: MESSAGES.BULK_ASSIGNEES_REQUIRED })
      .refine((ids) => new Set(ids).size === ids.length, { error: MESSAGES.BULK_ASSIGNEES_REQUIRED }),
  }),
  status: z.object({
    kind: z.literal('status'),
    status: z.enum(FILE_STATUSES, { error: MESSAGES.STATUS_INVALID }),
    comment: requiredText(MESSAGES.STATUS_COMMENT_REQUIRED, 1000),
  }),
  remind: z.object({ kind: z.literal('remind') }),
  template: z.object({
    kind: z.literal('template'),
    template_id: z.uuid({ error: MESSAGES.BULK_TEMPLATE_REQUIRED }),
  }),
  /** The canned message as it reads when the job starts (a rule: when it fires). */
  message: z.object({
    kind: z.literal('message'),
    reply_id: z.uuid({ error: MESSAGES.BULK_REPLY_REQUIRED }),
  }),
  /** A kept document to sign (an engagement letter), put up for the taxpayer, unless one is already open. */
  signature: z.object({
    kind: z.literal('signature'),
    signature_template_id: z.uuid({ error: MESSAGES.SIGNATURE_TEMPLATE_REQUIRED }),
  }),
  /** An invoice of these price list items (one of each, in this order), sent to the client at once. */
  invoice: z.object({
    kind: z.literal('invoice'),
    price_item_ids: z
      .array(z.uuid({ error: MESSAGES.FILE_ACTION_PRICE_ITEMS_REQUIRED }), {
        error: MESSAGES.FILE_ACTION_PRICE_ITEMS_REQUIRED,
      })
      .min(1, { error: MESSAGES.FILE_ACTION_PRICE_ITEMS_REQUIRED })
      .max(FILE_ACTION_MAX_PRICE_ITEMS, { error: MESSAGES.FILE_ACTION_PRICE_ITEMS_REQUIRED })
      .refine((ids) => new Set(ids).size === ids.length, {
        error: MESSAGES.FILE_ACTION_PRICE_ITEMS_REQUIRED,
      }),
  }),
  /** A deliverable added to the file (an FBAR, a state return), unless the file has one of that kind and label. */
  deliverable: z
    .object({
      kind: z.literal('deliverable'),
      deliverable_kind: z.enum(ADDED_DELIVERABLE_KINDS, { error: MESSAGES.DELIVERABLE_KIND_INVALID }),
      // No transform: the rule list answers with its actions, and an answer's schema must encode as well.
      label: z
        .string()
        .trim()
        .max(80, { error: 'Must be at most 80 characters' })
        .refine(hasNoNul, { error: MESSAGES.TEXT_NUL })
        .optional(),
    })
    .refine((a) => (a.deliverable_kind !== 'state' && a.deliverable_kind !== 'other') || Boolean(a.label), {
      error: MESSAGES.DELIVERABLE_LABEL_REQUIRED,
      path: ['label'],
    }),
} as const;
export type FileAction = z.infer<(typeof fileActionSchemas)[keyof typeof fileActionSchemas]>;

/** What is done to each file of a bulk job. */
export const bulkActionSchema = z.discriminatedUnion(
  'kind',
  [
    fileActionSchemas.assign,
    fileActionSchemas.status,
    fileActionSchemas.remind,
    fileActionSchemas.template,
    fileActionSchemas.message,
    fileActionSchemas.signature,
    fileActionSchemas.invoice,
  ],
  { error: MESSAGES.BULK_ACTION_INVALID },
);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** A selection: the files chosen one by one, or every file a queue's filter matches. */
const selectionFields = {
  client_ids: z
    .array(clientIdField)
    .min(1, { error: MESSAGES.BULK_SELECTION_EMPTY })
    .max(BULK_MAX_CHOSEN, { error: MESSAGES.BULK_SELECTION_TOO_LARGE })
    .optional(),
  filter: queueFilterSchema.optional(),
};

export const staffBulkStartBodySchema = z.object({
  taxy: taxYearField,
  /** Made once per confirmation by the browser: the same request sent again answers the same job. */
  request_id: z.uuid({ error: MESSAGES.BULK_REQUEST_INVALID }),
  action: bulkActionSchema,
  /**
   * The files chosen one by one (`client_ids`), or every file a queue's `filter` matches with the count the
   * confirmation named (`expected`): one or the other. One object rather than a union, so that a list too long
   * is refused with its own message.
   */
  selection: z
    .object(
      {
        ...selectionFields,
        /** Refused when the filter now matches another number. */
        expected: z.number().int().min(1).optional(),
      },
      { error: MESSAGES.BULK_SELECTION_EMPTY },
    )
    .refine(
      (s) =>
        s.client_ids !== undefined
          ? s.filter === undefined && s.expected === undefined
          : s.filter !== undefined && s.expected !== undefined,
      { error: MESSAGES.BULK_SELECTION_EMPTY },
    ),
});
export type StaffBulkStartBody = z.input<typeof staffBulkStartBodySchema>;

/** The selection's rows as CSV (POST: a selection of 500 files is too long for an address). */
export const QUEUE_EXPORT_PATH = '/api/staff/clients/export';
/** The files chosen one by one, or every file a queue's filter matches: one or the other. */
export const staffQueueExportBodySchema = z.object({
  taxy: taxYearField,
  selection: z
    .object(selectionFields, { error: MESSAGES.BULK_SELECTION_EMPTY })
    .refine((s) => (s.client_ids === undefined) !== (s.filter === undefined), {
      error: MESSAGES.BULK_SELECTION_EMPTY,
    }),
});
export type StaffQueueExportBody = z.input<typeof staffQueueExportBodySchema>;
export const staffBulkStartResponseSchema = envelope({ job_id: z.string(), total: z.number().int() });

export const BULK_JOB_STATES = ['running', 'finished'] as const;
export const BULK_ITEM_OUTCOMES = ['done', 'skipped', 'failed'] as const;

/** A file the job did not do, and why (skipped: the rules said no; failed: something went wrong). */
export const bulkProblemSchema = z.object({
  /** Null (and the name withheld) for a file the reader may not work: chosen without the right to it. */
  client_id: z.string().nullable(),
  name: z.string(),
  file_number: z.string().nullable(),
  outcome: z.enum(['skipped', 'failed']),
  reason: z.string(),
});

export const bulkJobSchema = z.object({
  job_id: z.string(),
  /** Null only for a job whose stored action no longer reads (its files fail). */
  action: bulkActionSchema.nullable(),
  /** The action in words, as the confirmation said it. */
  summary: z.string(),
  tax_year: z.number().int(),
  state: z.enum(BULK_JOB_STATES),
  total: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  problems: z.array(bulkProblemSchema),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** One job of one's own (admins: anyone's), or one's latest jobs. */
export const staffBulkStatusBodySchema = z.object({
  job_id: z.uuid({ error: MESSAGES.BULK_JOB_NOT_FOUND }).optional(),
});
export const staffBulkStatusResponseSchema = envelope({ jobs: z.array(bulkJobSchema) });
