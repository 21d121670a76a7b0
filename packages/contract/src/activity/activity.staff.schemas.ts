/** What a staff member hears of their clients: the activity feed and their alert choice. */
import { z } from 'zod';
import { envelope } from '../common.ts';
import { ACTIVITY_KINDS, STAFF_ALERT_CHOICES } from './activity.constants.ts';

/** The staff member's own alert choice: read it (no `alerts`) or change it. */
export const staffMessagesAlertsBodySchema = z.object({ alerts: z.enum(STAFF_ALERT_CHOICES).optional() });
export const staffMessagesAlertsResponseSchema = envelope({
  message: z.string().optional(),
  alerts: z.enum(STAFF_ALERT_CHOICES),
});

/** The console home's feed: what this staff member's clients did, newest first. */
export const staffActivityListBodySchema = z.object({ page: z.number().int().min(1).max(10_000).default(1) });
export const staffActivityListResponseSchema = envelope({
  items: z.array(
    z.object({
      client_id: z.string(),
      name: z.string(),
      file_number: z.string().nullable(),
      tax_year: z.number().int(),
      kind: z.enum(ACTIVITY_KINDS),
      summary: z.string(),
      at: z.string(),
    }),
  ),
  page: z.number().int(),
  page_size: z.number().int(),
  more: z.boolean(),
});
export type StaffActivity = z.infer<typeof staffActivityListResponseSchema>;
