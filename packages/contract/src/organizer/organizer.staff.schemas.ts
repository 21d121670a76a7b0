import { z } from 'zod';
import { clientIdField, envelope, requiredText, taxYearField } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { FIRM_QUESTION_LIMIT, FIRM_QUESTION_TYPES } from './organizer.definition.ts';
import {
  answersSchema,
  organizerDefinitionSchema,
  organizerSchema,
  presenceSchema,
} from './organizer.schemas.ts';

/** One client's tax year. */
export const staffOrganizerGetBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });

const moneyLine = {
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  usd: z.number().nullable(),
};

export const organizerFindingsSchema = z.object({
  presence: presenceSchema,
  fbar: z.object({
    decision: z.enum(['required', 'not-required', 'unknown']),
    aggregate_max_usd: z.number(),
    reason: z.string(),
    missing_rates: z.array(z.string()),
    accounts: z.array(
      z.object({
        bank: z.string(),
        country: z.string(),
        type: z.string(),
        joint_holder: z.string().nullable(),
        max: z.object(moneyLine),
        year_end: z.object(moneyLine),
      }),
    ),
  }),
  form_8938: z.object({
    decision: z.enum(['likely', 'not-likely', 'unknown']),
    year_end_usd: z.number(),
    any_time_usd: z.number(),
    threshold_year_end: z.number(),
    threshold_any_time: z.number(),
    reason: z.string(),
  }),
  pfic: z.array(
    z.object({ house: z.string(), folio: z.string(), scheme: z.string(), value: z.object(moneyLine) }),
  ),
  foreign_tax: z.array(
    z.object({
      kind: z.string(),
      currency: z.string(),
      jan_mar: z.string(),
      apr_dec: z.string(),
      calendar_year: z.string(),
      tds_jan_mar: z.string(),
      tds_apr_dec: z.string(),
      tds_calendar_year: z.string(),
    }),
  ),
  deliverables: z.array(z.object({ kind: z.enum(['fbar', 'itr']), reason: z.string() })),
  /** The year-end rates used, with their source. */
  rates: z.array(z.object({ currency: z.string(), units_per_usd: z.string(), source: z.string() })),
});
export type OrganizerFindings = z.infer<typeof organizerFindingsSchema>;

export const staffOrganizerGetResponseSchema = envelope({
  organizer: organizerSchema,
  /** Question ids whose answers differ from last year's sent organizer. */
  changed: z.array(z.string()),
  findings: organizerFindingsSchema,
  /** When staff last sent the organizer to the client (the reminders follow the request reminders' schedule). */
  requested_at: z.string().nullable(),
});

export const staffOrganizerSaveBodySchema = z.object({
  client_id: clientIdField,
  taxy: taxYearField,
  answers: answersSchema,
  reason: requiredText(MESSAGES.ORGANIZER_REASON_REQUIRED, 300),
});

export const staffOrganizerSendBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });

export const staffOrganizerDefinitionGetBodySchema = z.object({ taxy: taxYearField });

const firmQuestionSchema = z
  .object(
    {
      /** A question of the firm's kept from the version before (its answers stay its own); new ones have none. */
      id: z.string().max(40).optional(),
      section_id: z.string().max(40),
      type: z.enum(FIRM_QUESTION_TYPES, { error: MESSAGES.ORGANIZER_FIRM_QUESTION_INVALID }),
      label: requiredText(MESSAGES.ORGANIZER_FIRM_QUESTION_INVALID, 200),
      help: z.string().trim().max(300).optional(),
      required: z.boolean().default(false),
      choices: z.array(z.string().trim().min(1).max(80)).max(10).optional(),
    },
    { error: MESSAGES.ORGANIZER_FIRM_QUESTION_INVALID },
  )
  .refine((q) => q.type !== 'choice' || (q.choices?.length ?? 0) >= 2, {
    error: MESSAGES.ORGANIZER_FIRM_QUESTION_INVALID,
  });

/** The firm's changes: what is turned off (`section` or `section.question`) and its own questions, in order. */
export const staffOrganizerDefinitionSaveBodySchema = z.object({
  taxy: taxYearField,
  off: z.array(z.string().max(80)).max(200, { error: MESSAGES.ORGANIZER_DEFINITION_UNKNOWN_ID }),
  questions: z
    .array(firmQuestionSchema)
    .max(FIRM_QUESTION_LIMIT, { error: MESSAGES.ORGANIZER_FIRM_QUESTIONS_LIMIT }),
});
export type StaffOrganizerDefinitionSaveBody = z.input<typeof staffOrganizerDefinitionSaveBodySchema>;

export const staffOrganizerDefinitionResponseSchema = envelope({
  definition: organizerDefinitionSchema,
  /** The built-in definition, so the firm's changes can be shown against it. */
  built_in: organizerDefinitionSchema,
});

/** Worksheets come as files: POST, JSON body, the file as the answer. */
export const WORKSHEET_PATHS = {
  fbar: '/api/staff/worksheets/fbar',
  pfic: '/api/staff/worksheets/pfic',
} as const;
export const staffWorksheetBodySchema = z.object({
  client_id: clientIdField,
  taxy: taxYearField,
  format: z.enum(['csv', 'pdf'], { error: MESSAGES.ORGANIZER_WORKSHEET_FORMAT_INVALID }),
});
export type StaffWorksheetBody = z.input<typeof staffWorksheetBodySchema>;
