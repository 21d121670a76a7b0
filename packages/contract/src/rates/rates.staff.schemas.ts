import { z } from 'zod';
import { envelope, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { ORGANIZER_CURRENCIES } from '../organizer/organizer.definition.ts';

/** Units of the currency per US dollar, as the Treasury quotes them: up to 6 decimals. */
const RATE = /^\d{1,7}(\.\d{1,6})?$/;

export const rateSchema = z.object({
  currency: z.string(),
  year: z.number().int(),
  units_per_usd: z.string(),
  source: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type Rate = z.infer<typeof rateSchema>;

export const staffRatesListResponseSchema = envelope({ rates: z.array(rateSchema) });

export const staffRatesSaveBodySchema = z.object({
  currency: z
    .enum(ORGANIZER_CURRENCIES, { error: MESSAGES.RATE_CURRENCY_INVALID })
    .refine((c) => c !== 'USD', {
      error: MESSAGES.RATE_CURRENCY_INVALID,
    }),
  year: z.coerce
    .number({ error: MESSAGES.RATE_YEAR_INVALID })
    .int({ error: MESSAGES.RATE_YEAR_INVALID })
    .min(2000, {
      error: MESSAGES.RATE_YEAR_INVALID,
    })
    .max(2100, { error: MESSAGES.RATE_YEAR_INVALID }),
  units_per_usd: z
    .string({ error: MESSAGES.RATE_VALUE_INVALID })
    .trim()
    .regex(RATE, { error: MESSAGES.RATE_VALUE_INVALID })
    .refine((v) => Number(v) > 0, { error: MESSAGES.RATE_VALUE_INVALID }),
  source: requiredText(MESSAGES.RATE_SOURCE_REQUIRED, 300),
});
export type StaffRatesSaveBody = z.input<typeof staffRatesSaveBodySchema>;
