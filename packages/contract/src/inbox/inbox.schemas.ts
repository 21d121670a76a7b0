/**
 * The staff inbox: contact messages, career applications, all referrals and all payments, each paged,
 * searched, sorted and filtered on the server, and each exportable as CSV with the same filters.
 */
import { z } from 'zod';
import {
  dataTablesParametersSchema,
  DAY_RANGE_RULE,
  dayFilterSchema,
  dayRangeInOrder,
  envelope,
} from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { PAYMENT_STATUSES } from '../payments/payments.schemas.ts';

/** Where staff stand with a contact message (the database's contact_status). */
export const CONTACT_STATUSES = ['new', 'follow up', 'registered', 'no response'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Where staff stand with a job application (the database's career_application_status). */
export const CAREER_APPLICATION_STATUSES = ['new', 'reviewed', 'interviewing', 'closed'] as const;

/** The inbox's four lists, as named in export URLs, file names and audit actions. */
export const INBOX_LISTS = ['contact-messages', 'career-applications', 'referrals', 'payments'] as const;
export type InboxList = (typeof INBOX_LISTS)[number];

/** Where a list is exported as CSV (GET, with the list's filters as the query string). */
export const INBOX_EXPORT_PATH = '/api/staff/inbox/export';
/** Where a résumé is downloaded (GET, `?id=<application id>`). */
export const INBOX_RESUME_PATH = '/api/staff/inbox/careers/resume';

const SORT_DIRECTIONS = ['asc', 'desc'] as const;
const taxYearFilter = z.coerce.number().int().min(2000).max(2100).optional();
const contactStatusSchema = z.enum(CONTACT_STATUSES, { error: MESSAGES.CONTACT_STATUS_INVALID });
const pageSchema = dataTablesParametersSchema.default({ draw: 1, start: 0, length: 25 });

// ---- Sort columns ------------------------------------------------------------------------------------

export const CONTACT_SORTS = ['received', 'name', 'email', 'status'] as const;
export const CAREER_SORTS = ['received', 'name', 'email', 'status'] as const;
export const REFERRAL_SORTS = ['received', 'referrer', 'friend', 'client', 'tax_year'] as const;
export const PAYMENT_SORTS = ['created', 'paid', 'client', 'file_number', 'amount', 'status'] as const;

// ---- List bodies (POST, the DataTables shape) --------------------------------------------------------

export const inboxContactListBodySchema = z.object({
  status: contactStatusSchema.optional(),
  dataTablesParameters: pageSchema,
  sort: z
    .object({ column: z.enum(CONTACT_SORTS), dir: z.enum(SORT_DIRECTIONS).default('desc') })
    .default({ column: 'received', dir: 'desc' }),
});
export type InboxContactListBody = z.input<typeof inboxContactListBodySchema>;

export const inboxCareerListBodySchema = z.object({
  dataTablesParameters: pageSchema,
  sort: z
    .object({ column: z.enum(CAREER_SORTS), dir: z.enum(SORT_DIRECTIONS).default('desc') })
    .default({ column: 'received', dir: 'desc' }),
});
export type InboxCareerListBody = z.input<typeof inboxCareerListBodySchema>;

export const inboxReferralListBodySchema = z.object({
  taxy: taxYearFilter,
  dataTablesParameters: pageSchema,
  sort: z
    .object({ column: z.enum(REFERRAL_SORTS), dir: z.enum(SORT_DIRECTIONS).default('desc') })
    .default({ column: 'received', dir: 'desc' }),
});
export type InboxReferralListBody = z.input<typeof inboxReferralListBodySchema>;

export const inboxPaymentListBodySchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES).optional(),
    taxy: taxYearFilter,
    /** Payments made (paid, else created) on or after this day, MM-DD-YYYY (UTC). */
    from: dayFilterSchema,
    /** ... and on or before this day. */
    to: dayFilterSchema,
    dataTablesParameters: pageSchema,
    sort: z
      .object({ column: z.enum(PAYMENT_SORTS), dir: z.enum(SORT_DIRECTIONS).default('desc') })
      .default({ column: 'created', dir: 'desc' }),
  })
  .refine(dayRangeInOrder, DAY_RANGE_RULE);
export type InboxPaymentListBody = z.input<typeof inboxPaymentListBodySchema>;

// ---- Export queries (GET, flat: the same filters, search and sort, every matching row) ----------------

const searchField = z
  .string()
  .max(200)
  .refine((v) => !v.includes('\u0000'), { error: MESSAGES.TEXT_NUL })
  .optional();
const dirField = z.enum(SORT_DIRECTIONS).default('desc');

export const inboxContactExportQuerySchema = z.object({
  status: contactStatusSchema.optional(),
  search: searchField,
  sort: z.enum(CONTACT_SORTS).default('received'),
  dir: dirField,
});
export const inboxCareerExportQuerySchema = z.object({
  search: searchField,
  sort: z.enum(CAREER_SORTS).default('received'),
  dir: dirField,
});
export const inboxReferralExportQuerySchema = z.object({
  taxy: taxYearFilter,
  search: searchField,
  sort: z.enum(REFERRAL_SORTS).default('received'),
  dir: dirField,
});
export const inboxPaymentExportQuerySchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES).optional(),
    taxy: taxYearFilter,
    from: dayFilterSchema,
    to: dayFilterSchema,
    search: searchField,
    sort: z.enum(PAYMENT_SORTS).default('created'),
    dir: dirField,
  })
  .refine(dayRangeInOrder, DAY_RANGE_RULE);

export const INBOX_EXPORT_QUERIES = {
  'contact-messages': inboxContactExportQuerySchema,
  'career-applications': inboxCareerExportQuerySchema,
  referrals: inboxReferralExportQuerySchema,
  payments: inboxPaymentExportQuerySchema,
} as const satisfies Record<InboxList, z.ZodType>;

/** The download URL of a list's CSV with the given filters (blank values are left out). */
export function inboxExportHref(
  list: InboxList,
  query: Readonly<Record<string, string | number | null | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${INBOX_EXPORT_PATH}/${list}${qs ? `?${qs}` : ''}`;
}

/** The résumé of one application. */
export function inboxResumeHref(applicationId: string): string {
  return `${INBOX_RESUME_PATH}?id=${encodeURIComponent(applicationId)}`;
}

// ---- Rows ---------------------------------------------------------------------------------------------

const page = <T extends z.ZodType>(row: T) =>
  envelope({
    draw: z.number().int(),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
    /**
     * recordsFiltered stopped at its bound (QUEUE_COUNT_LIMIT, or the first thousand past the page, as the
     * client queue's, ADR 034): more match; "1,000+".
     */
    more: z.boolean(),
    data: z.array(row),
  });

export const inboxContactRowSchema = z.object({
  message_id: z.string(),
  name: z.string(),
  email: z.string(),
  /** In its extension's format, with the country code. */
  phone: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  /** ISO 8601. */
  received_at: z.string(),
});
export type InboxContactRow = z.infer<typeof inboxContactRowSchema>;
export const inboxContactListResponseSchema = page(inboxContactRowSchema);

export const inboxCareerRowSchema = z.object({
  application_id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  status: z.enum(CAREER_APPLICATION_STATUSES),
  /** The applicant's file name; null without a résumé. */
  resume_name: z.string().nullable(),
  resume_size: z.number().int().nullable(),
  received_at: z.string(),
});
export type InboxCareerRow = z.infer<typeof inboxCareerRowSchema>;
export const inboxCareerListResponseSchema = page(inboxCareerRowSchema);

export const inboxReferralRowSchema = z.object({
  referral_id: z.string(),
  tax_year: z.number().int(),
  referrer_name: z.string(),
  referrer_email: z.string(),
  referrer_phone: z.string(),
  friend_name: z.string(),
  friend_email: z.string(),
  friend_phone: z.string(),
  comment: z.string(),
  /** The referring client (a portal referral); null for a visitor's referral from the public form. */
  client_id: z.string().nullable(),
  client_name: z.string().nullable(),
  client_file_number: z.string().nullable(),
  received_at: z.string(),
});
export type InboxReferralRow = z.infer<typeof inboxReferralRowSchema>;
export const inboxReferralListResponseSchema = page(inboxReferralRowSchema);

export const inboxPaymentRowSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  file_number: z.string().nullable(),
  tax_year: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  order_id: z.string(),
  /** The provider's id of the payment that paid the order. */
  payment_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type InboxPaymentRow = z.infer<typeof inboxPaymentRowSchema>;
export const inboxPaymentListResponseSchema = page(inboxPaymentRowSchema);

// ---- Actions ------------------------------------------------------------------------------------------

export const contactStatusBodySchema = z.object({
  message_id: z.uuid({ error: MESSAGES.CONTACT_MESSAGE_NOT_FOUND }),
  status: contactStatusSchema,
});
export type ContactStatusBody = z.input<typeof contactStatusBodySchema>;
