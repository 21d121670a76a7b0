/**
 * The file number staff are offered for a client: the next unused number of the tax year in the firm's
 * current format (a site setting), one past the highest sequence already given in that format. Numbers
 * in another format (given by hand, or before the format changed) are not counted. It is a suggestion:
 * saving it goes through staff/clients/filenumber, whose unique index settles a race.
 */
import { clients, eq, siteSettings, sql, type Database } from '@taxfirm/db';
import { fileNumberPattern, nextFileNumber } from '@taxfirm/contract';
import { AppError } from '../../lib/app-error.ts';
import { getWorkableFiling } from './filings.service.ts';
import type { StaffActor } from '../../lib/actor.ts';

export async function suggestFileNumber(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number },
): Promise<{ file_number: string }> {
  await getWorkableFiling(db, actor, input);
  const [settings] = await db
    .select({ format: siteSettings.fileNumberFormat })
    .from(siteSettings)
    .where(eq(siteSettings.singleton, true));
  if (!settings) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Site settings are missing' });
  // Only numbers of this format and year are read (the pattern means the same to PostgreSQL and JavaScript).
  const pattern = fileNumberPattern(settings.format, input.taxYear);
  const rows = await db
    .select({ fileNumber: clients.fileNumber })
    .from(clients)
    .where(sql`${clients.fileNumber} ~ ${pattern}`);
  const taken = rows.flatMap((r) => (r.fileNumber ? [r.fileNumber] : []));
  return { file_number: nextFileNumber(settings.format, input.taxYear, taken) };
}
