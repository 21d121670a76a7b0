import { z } from 'zod';
import { envelope } from '../common.ts';

export const taxSummarySchema = z.object({
  synopsys_title: z.string(),
  /** A short-lived signed download link. */
  synopsys_file: z.string(),
  synopsys_status: z.string(),
});
export type TaxSummary = z.infer<typeof taxSummarySchema>;
export const userSynopsysResponseSchema = envelope({ synopsysinfo: z.array(taxSummarySchema) });
