import { z } from 'zod';
import { clientIdField, envelope, requiredText, taxYearField } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { PHONE_EXTENSIONS } from '../constants.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { OFFSHORE_CONSENT_STATES, staffConsentRecordSchema } from '../consents/consents.schemas.ts';

/** One client, for the console's client page (a read of client data: audited). */
export const staffClientBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });
export const staffClientResponseSchema = envelope({
  /**
   * 'full' for a file the staff member may work; 'triage' for an analyst before an unassigned file in To Be
   * Assigned: name, contact, status and tax year only (no file number, history, notes, payments, referrals)
   * until they take it (staff/clients/assign with their own id).
   */
  access: z.enum(['full', 'triage']),
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
  /**
   * The client's consents (issue 19): the §7216 answer in force (anything but 'yes' makes the file US-only)
   * and the latest records of it and of the terms, with the IP address and browser each was given from.
   */
  consents: z.object({
    offshore_state: z.enum(OFFSHORE_CONSENT_STATES),
    offshore: staffConsentRecordSchema.nullable(),
    terms: staffConsentRecordSchema.nullable(),
  }),
  /**
   * What the file's overview shows at a glance (null in the triage view): its required checklist items and
   * how many are accepted, documents waiting for a signature, the balance due on its open invoices (cents),
   * the client's unread messages of its tax year, and when the client last did something on it (ISO).
   */
  signals: z
    .object({
      checklist: z.object({ accepted: z.number().int(), required: z.number().int() }),
      unsigned_documents: z.number().int(),
      balance_due_cents: z.number().int(),
      unread_messages: z.number().int(),
      last_client_activity: z.string().nullable(),
    })
    .nullable(),
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
