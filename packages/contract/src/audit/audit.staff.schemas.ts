import { z } from 'zod';
import {
  dataTablesParametersSchema,
  DAY_RANGE_RULE,
  dayFilterSchema,
  dayRangeInOrder,
  envelope,
} from '../common.ts';
import { MESSAGES } from '../messages.ts';

/** The audit log (admins): newest first, filtered by client, staff member and days (the firm's time zone). */
export const auditListBodySchema = z
  .object({
    client_id: z.uuid({ error: MESSAGES.CLIENT_NOT_FOUND }).optional(),
    actor_id: z.uuid({ error: MESSAGES.STAFF_NOT_FOUND }).optional(),
    from: dayFilterSchema,
    to: dayFilterSchema,
    dataTablesParameters: dataTablesParametersSchema.default({ draw: 1, start: 0, length: 50 }),
  })
  .refine(dayRangeInOrder, DAY_RANGE_RULE);
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
  /**
   * recordsFiltered is the database's estimate, not a count: the whole log above 10,000 entries, or a search
   * matching more than 1,000 (counting millions exactly took seconds). The page says "About".
   */
  approximate: z.boolean(),
  data: z.array(auditEntrySchema),
});
