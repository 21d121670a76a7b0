/**
 * The firm's billing switches (issue 20): INR invoices, part payments, the held tax summary. Read fresh on
 * each call, by staff and client invoice calls alike.
 */
import { siteSettings, type Database } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';

type Reader = Pick<Database, 'select'>;

/** The firm's billing switches, read fresh (an admin's change applies to the next call). */
export async function getBillingSettings(
  db: Reader,
): Promise<{ inrEnabled: boolean; partPayments: boolean; holdSummary: boolean }> {
  const [row] = await db
    .select({
      inrEnabled: siteSettings.invoiceInrEnabled,
      partPayments: siteSettings.invoicePartPayments,
      holdSummary: siteSettings.invoiceHoldSummary,
    })
    .from(siteSettings)
    .limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
  return row;
}
