import { z } from 'zod';
import {
  dataTablesParametersSchema,
  emailField,
  envelope,
  phoneExtensionWithDefault,
  phoneField,
  requiredText,
} from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { PHONE_EXTENSIONS } from '../constants.ts';
import { FILE_STATUSES } from '../statuses.ts';

export const taxYearField = z.coerce.number().int().min(2000).max(2100).optional();

/** The work queues: how many filings of a tax year are in each status (an analyst's own and unassigned). */
export const staffQueueBodySchema = z.object({ taxy: taxYearField });
export const staffQueueResponseSchema = envelope({
  tax_year: z.number().int(),
  counts: z.array(z.object({ status: z.enum(FILE_STATUSES), count: z.number().int() })),
  total: z.number().int(),
});

export const STAFF_CLIENT_SORTS = ['file_number', 'name', 'email', 'status', 'updated'] as const;

/** One queue's clients, paged, searched and sorted on the server (the DataTables shape). */
export const staffClientListBodySchema = z.object({
  taxy: taxYearField,
  /** One status; none lists every status (the All queue). */
  status: z.enum(FILE_STATUSES).optional(),
  dataTablesParameters: dataTablesParametersSchema.default({ draw: 1, start: 0, length: 25 }),
  sort: z
    .object({ column: z.enum(STAFF_CLIENT_SORTS), dir: z.enum(['asc', 'desc']).default('asc') })
    .default({ column: 'updated', dir: 'desc' }),
});
export type StaffClientListBody = z.input<typeof staffClientListBodySchema>;

export const staffClientRowSchema = z.object({
  client_id: z.string(),
  file_number: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  /** In its extension's format, with the country code. */
  phone: z.string(),
  status: z.enum(FILE_STATUSES),
  assigned_to: z.string().nullable(),
  referred_by: z.string().nullable(),
});
export type StaffClientRow = z.infer<typeof staffClientRowSchema>;

export const staffClientListResponseSchema = envelope({
  draw: z.number().int(),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  data: z.array(staffClientRowSchema),
});

export const clientIdField = z.uuid({ error: MESSAGES.CLIENT_NOT_FOUND });

/** One client, for the console's client page (a read of client data: audited). */
export const staffClientBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });
export const staffClientResponseSchema = envelope({
  client: z.object({
    client_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    phone_ext: z.enum(PHONE_EXTENSIONS).nullable(),
    file_number: z.string().nullable(),
    verified: z.boolean(),
  }),
  filing: z.object({
    tax_year: z.number().int(),
    status: z.enum(FILE_STATUSES),
    assigned_to: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  }),
  history: z.array(
    z.object({
      from_status: z.enum(FILE_STATUSES).nullable(),
      to_status: z.enum(FILE_STATUSES),
      comment: z.string().nullable(),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** Staff's internal notes, newest first; never shown to the client. */
  notes: z.array(z.object({ id: z.string(), body: z.string(), by: z.string().nullable(), at: z.string() })),
  /** The filing's payment orders, newest first. */
  payments: z.array(
    z.object({
      order_id: z.string(),
      amount_cents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      payment_id: z.string().nullable(),
      paid_at: z.string().nullable(),
      failure_reason: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** The friends this client referred, newest first. */
  referrals: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      tax_year: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type StaffClient = z.infer<typeof staffClientResponseSchema>;

/** Change the client's sign-in e-mail or phone (the firm confirmed it with the client). */
export const staffClientContactBodySchema = z.object({
  client_id: clientIdField,
  email: emailField(),
  phone_ext: phoneExtensionWithDefault,
  phone: phoneField(),
});
export type StaffClientContactBody = z.input<typeof staffClientContactBodySchema>;

/** An internal note on the client's file. */
export const staffNoteBodySchema = z.object({
  client_id: clientIdField,
  body: requiredText(MESSAGES.NOTE_REQUIRED, 4000),
});
export type StaffNoteBody = z.input<typeof staffNoteBodySchema>;

/** Move a filing to any status, with the reason kept in its history. */
export const staffStatusBodySchema = z.object({
  client_id: clientIdField,
  taxy: taxYearField,
  status: z.enum(FILE_STATUSES),
  comment: requiredText(MESSAGES.STATUS_COMMENT_REQUIRED, 1000),
});
export type StaffStatusBody = z.input<typeof staffStatusBodySchema>;

export const staffFileNumberBodySchema = z.object({
  client_id: clientIdField,
  file_number: requiredText(MESSAGES.FILE_NUMBER_REQUIRED, 30).regex(/^[A-Za-z0-9_/-]+$/, {
    error: MESSAGES.FILE_NUMBER_INVALID,
  }),
});
export type StaffFileNumberBody = z.input<typeof staffFileNumberBodySchema>;

/** Give a filing to an analyst (admins: anyone; an analyst: themselves, from To Be Assigned), or none. */
export const staffAssignBodySchema = z.object({
  client_id: clientIdField,
  taxy: taxYearField,
  analyst_id: z.uuid({ error: MESSAGES.ANALYST_INVALID }).nullable(),
});

/** An action on the client's account (a reset link, verification). */
export const staffClientAccountBodySchema = z.object({ client_id: clientIdField });
