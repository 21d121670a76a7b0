import { z } from 'zod';
import { dataTablesParametersSchema, envelope } from '../common.ts';
import { MESSAGES } from '../messages.ts';

/** A calendar day (YYYY-MM-DD) that exists; blank means no bound. */
const isoDay = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : undefined))
  .pipe(
    z
      .string()
      // Years 1900 to 2199: the database's dates cannot hold year 0, and nothing older is in the log.
      .regex(/^(19|20|21)\d{2}-\d{2}-\d{2}$/, { error: MESSAGES.DATE_INVALID })
      .refine(
        (v) =>
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        {
          error: MESSAGES.DATE_INVALID,
        },
      )
      .optional(),
  );

/** The audit log (admins): newest first, filtered by client, staff member and days (the firm's time zone). */
export const auditListBodySchema = z
  .object({
    client_id: z.uuid({ error: MESSAGES.CLIENT_NOT_FOUND }).optional(),
    actor_id: z.uuid({ error: MESSAGES.STAFF_NOT_FOUND }).optional(),
    from: isoDay,
    to: isoDay,
    dataTablesParameters: dataTablesParametersSchema.default({ draw: 1, start: 0, length: 50 }),
  })
  .refine((body) => !body.from || !body.to || body.from <= body.to, {
    error: MESSAGES.DATE_RANGE_INVALID,
    path: ['to'],
  });
export type AuditListBody = z.input<typeof auditListBodySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The staff member, or null for the system (e.g. a payment webhook) or the client themself. */
  actor: z.object({ user_id: z.string(), name: z.string(), email: z.string(), role: z.string() }).nullable(),
  action: z.string(),
  client: z
    .object({ client_id: z.string(), name: z.string(), file_number: z.string().nullable() })
    .nullable(),
  subject: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = envelope({
  draw: z.number().int(),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  data: z.array(auditEntrySchema),
});
