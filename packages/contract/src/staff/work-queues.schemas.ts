import { z } from 'zod';
import { dataTablesParametersSchema, envelope, taxYearField } from '../common.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { OFFSHORE_CONSENT_STATES } from '../consents/consents.schemas.ts';

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
  /** The checklist's "documents complete" column: required items accepted of those that count. */
  documents: z.object({ accepted: z.number().int(), required: z.number().int(), complete: z.boolean() }),
  /** The client's §7216 answer in force: anything but 'yes' makes the file US-only (the console's badge). */
  offshore_state: z.enum(OFFSHORE_CONSENT_STATES),
});
export type StaffClientRow = z.infer<typeof staffClientRowSchema>;

export const staffClientListResponseSchema = envelope({
  draw: z.number().int(),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  data: z.array(staffClientRowSchema),
});
