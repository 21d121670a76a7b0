/**
 * The organizer's rows as both sides read them: the definition in force (or the version answers were given
 * to), a file's answers opened from their seal, and the year-end rates. Answers are one sealed JSON value
 * under a context bound to the client and the row (`organizerContext`), re-sealed by key rotation.
 */
import {
  builtInOrganizer,
  carriedAnswers,
  cleanAnswers,
  identityQuestionIds,
  isMaskedPan,
  maskPan,
  type Answers,
  type OrganizerDefinition,
  type YearEndRates,
} from '@taxfirm/contract';
import {
  and,
  desc,
  eq,
  exchangeRates,
  filings,
  organizerAnswers,
  organizerDefinitions,
  type Database,
} from '@taxfirm/db';
import type { Keyring } from '../../lib/crypto/keyring.ts';

type Reader = Pick<Database, 'select'>;

/** The keyring context a file's answers are sealed under: bound to the client and the row. */
export const organizerContext = (clientId: string, rowId: string) =>
  `organizer|${clientId}|${rowId}|answers_sealed`;

/** The definition clients are asked now: the firm's latest version of the year, else the built-in one. */
export async function currentDefinition(db: Reader, taxYear: number): Promise<OrganizerDefinition> {
  const [row] = await db
    .select({ definition: organizerDefinitions.definition })
    .from(organizerDefinitions)
    .where(eq(organizerDefinitions.taxYear, taxYear))
    .orderBy(desc(organizerDefinitions.version))
    .limit(1);
  return (row?.definition as OrganizerDefinition | undefined) ?? builtInOrganizer(taxYear);
}

/** The definition of one version (0: the built-in one), as the answers given to it read. */
export async function definitionOf(
  db: Reader,
  taxYear: number,
  version: number,
): Promise<OrganizerDefinition> {
  if (version === 0) return builtInOrganizer(taxYear);
  const [row] = await db
    .select({ definition: organizerDefinitions.definition })
    .from(organizerDefinitions)
    .where(and(eq(organizerDefinitions.taxYear, taxYear), eq(organizerDefinitions.version, version)));
  return (row?.definition as OrganizerDefinition | undefined) ?? builtInOrganizer(taxYear);
}

export type OrganizerRow = typeof organizerAnswers.$inferSelect;

/** The file's organizer row, if one was ever saved or sent (locked for a write when asked). */
export async function findOrganizer(
  db: Reader,
  filingId: string,
  lock?: 'update',
): Promise<OrganizerRow | null> {
  const query = db.select().from(organizerAnswers).where(eq(organizerAnswers.filingId, filingId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A row's answers, opened. */
export function openAnswers(
  keyring: Keyring,
  row: Pick<OrganizerRow, 'id' | 'clientId' | 'answersSealed'>,
): Answers {
  if (!row.answersSealed) return {};
  const json = keyring.open(row.answersSealed, organizerContext(row.clientId, row.id)).toString('utf8');
  return JSON.parse(json) as Answers;
}

export function sealAnswers(keyring: Keyring, clientId: string, rowId: string, answers: Answers): string {
  return keyring.seal(Buffer.from(JSON.stringify(answers), 'utf8'), organizerContext(clientId, rowId));
}

/** The answers as they leave the server: identity numbers masked like an SSN. */
export function maskedAnswers(definition: OrganizerDefinition, answers: Answers): Answers {
  const out = { ...answers };
  for (const id of identityQuestionIds(definition)) {
    const value = out[id];
    if (typeof value === 'string') out[id] = maskPan(value);
  }
  return out;
}

/** Incoming answers with a masked identity number sent back unchanged: the kept number stays. */
export function withKeptIdentities(
  definition: OrganizerDefinition,
  incoming: Answers,
  kept: Answers,
): Answers {
  const identities = new Set(identityQuestionIds(definition));
  return Object.fromEntries(
    Object.entries(incoming).flatMap(([id, value]): [string, Answers[string]][] => {
      if (!identities.has(id) || !isMaskedPan(value)) return [[id, value]];
      const keptValue = kept[id];
      return typeof keptValue === 'string' ? [[id, keptValue]] : [];
    }),
  );
}

/** Last year's sent answers of this client, if they sent an organizer then. */
export async function lastYearAnswers(
  db: Reader,
  keyring: Keyring,
  clientId: string,
  taxYear: number,
): Promise<Answers | null> {
  const [row] = await db
    .select({
      id: organizerAnswers.id,
      clientId: organizerAnswers.clientId,
      answersSealed: organizerAnswers.answersSealed,
    })
    .from(organizerAnswers)
    .innerJoin(filings, eq(filings.id, organizerAnswers.filingId))
    .where(
      and(
        eq(organizerAnswers.clientId, clientId),
        eq(filings.clientId, clientId),
        eq(organizerAnswers.taxYear, taxYear - 1),
        eq(organizerAnswers.state, 'sent'),
      ),
    );
  return row ? openAnswers(keyring, row) : null;
}

/** Last year's answers to this year's questions that carry over, checked against this year's definition. */
export function carriedFrom(definition: OrganizerDefinition, lastYear: Answers | null): Answers | null {
  if (!lastYear) return null;
  return cleanAnswers(definition, carriedAnswers(definition, lastYear)).answers;
}

/** The year-end rates of a year: units per US dollar, by currency, with their sources. */
export async function ratesOf(
  db: Reader,
  year: number,
): Promise<{ rates: YearEndRates; rows: { currency: string; unitsPerUsd: string; source: string }[] }> {
  const rows = await db
    .select({
      currency: exchangeRates.currency,
      unitsPerUsd: exchangeRates.unitsPerUsd,
      source: exchangeRates.source,
    })
    .from(exchangeRates)
    .where(eq(exchangeRates.year, year))
    .orderBy(exchangeRates.currency);
  return { rates: Object.fromEntries(rows.map((r) => [r.currency, Number(r.unitsPerUsd)])), rows };
}
