/**
 * What the checklist suggests from the client's profile and last year's checklist: the items a file starts
 * with, added once each (their source key), and the India ties that call for FBAR and Indian statements.
 */
import { CAS_NOTE, type RequestItemType, type RequestPerson } from '@taxfirm/contract';
import {
  and,
  asc,
  clients,
  dependents,
  employers,
  eq,
  filings,
  isNull,
  requestItems,
  spouses,
  sql,
  taxpayerProfiles,
  type Database,
} from '@taxfirm/db';
import { SYSTEM } from '../../lib/actor.ts';
import { type Filing } from '../filings/filings.service.ts';
import { compactPositions, isCollecting, nextPosition, recordItemEvent } from './request-items.ts';

type Tx = Pick<Database, 'select' | 'insert' | 'update'>;

// ---------------------------------------------------------------------------------------------------------
// Suggestions from the profile and last year's checklist
// ---------------------------------------------------------------------------------------------------------

export type Suggestion = {
  sourceKey: string;
  source: 'profile' | 'last_year' | 'organizer';
  type: RequestItemType;
  title: string;
  person: RequestPerson | null;
  dependentId: string | null;
  note: string | null;
  required: boolean;
};

/** Last year's accepted items come back as a question. */
export const STILL_HAVE_PREFIX = 'Still have this? ';

const INDIA = /\bindia\b/i;

/**
 * What the profile says of ties to India. `ties` (any of: the phone extension at registration or in the
 * profile is INDIA, the address country is INDIA, the time zone is IST, the client's location names India)
 * brings the NRI items: 26AS/AIS, NRE/NRO statements, FD interest certificates, the mutual-fund CAS.
 * `livedThere` (the address, time zone or location is Indian, not the phone alone) also brings Form 16,
 * which only an Indian employer issues.
 */
export function indiaTiesOf(profile: {
  registrationPhoneExt: string | null;
  phoneExt: string | null;
  country: string | null;
  timeZone: string | null;
  clientLocation: string | null;
}): { ties: boolean; livedThere: boolean } {
  const livedThere =
    profile.country === 'INDIA' ||
    profile.timeZone === 'IST' ||
    (profile.clientLocation !== null && INDIA.test(profile.clientLocation));
  const ties = livedThere || profile.registrationPhoneExt === 'INDIA' || profile.phoneExt === 'INDIA';
  return { ties, livedThere };
}

/** The client's India ties (indiaTiesOf), read from the registration and the profile. */
export async function indiaTiesOfClient(
  db: Pick<Database, 'select'>,
  clientId: string,
): Promise<{ ties: boolean; livedThere: boolean }> {
  const [client] = await db
    .select({
      registrationPhoneExt: clients.phoneExt,
      phoneExt: taxpayerProfiles.phoneExt,
      country: taxpayerProfiles.country,
      timeZone: taxpayerProfiles.timeZone,
      clientLocation: taxpayerProfiles.clientLocation,
    })
    .from(clients)
    .leftJoin(taxpayerProfiles, eq(taxpayerProfiles.clientId, clients.id))
    .where(eq(clients.id, clientId));
  return indiaTiesOf({
    registrationPhoneExt: client?.registrationPhoneExt ?? null,
    phoneExt: client?.phoneExt ?? null,
    country: client?.country ?? null,
    timeZone: client?.timeZone ?? null,
    clientLocation: client?.clientLocation ?? null,
  });
}

/** The items the client's profile suggests, in checklist order. */
async function profileSuggestions(tx: Tx, clientId: string): Promise<Suggestion[]> {
  const jobs = await tx
    .select({ id: employers.id, company: employers.companyName })
    .from(employers)
    .where(eq(employers.clientId, clientId))
    .orderBy(asc(employers.position));
  const [spouse] = await tx
    .select({
      id: spouses.id,
      firstName: spouses.firstName,
      visaType: spouses.visaType,
      hasNumber: sql<boolean>`${spouses.ssnSealed} is not null`,
    })
    .from(spouses)
    .where(eq(spouses.clientId, clientId));
  const children = await tx
    .select({
      id: dependents.id,
      firstName: dependents.firstName,
      visaType: dependents.visaType,
      hasNumber: sql<boolean>`${dependents.ssnSealed} is not null`,
    })
    .from(dependents)
    .where(eq(dependents.clientId, clientId))
    .orderBy(asc(dependents.position));

  const base = { source: 'profile' as const, dependentId: null, note: null, required: true };
  const out: Suggestion[] = jobs.map((job) => ({
    ...base,
    sourceKey: `employer:${job.id}`,
    type: 'w2',
    title: `W-2 from ${job.company}`,
    person: 'taxpayer',
  }));

  /** A person's identity papers: passport and visa when the profile gives a visa, ITIN papers without a number. */
  const identityItems = (
    key: string,
    who: { firstName: string; visaType: string | null; hasNumber: boolean },
    person: 'spouse' | 'dependent',
    dependentId: string | null,
  ) => {
    const name = person === 'spouse' ? `${who.firstName} (spouse)` : who.firstName;
    const items: Suggestion[] = [
      {
        ...base,
        sourceKey: `${key}:id`,
        type: 'id',
        title: who.visaType
          ? `Passport and visa of ${name}`
          : person === 'spouse'
            ? `Photo ID of ${name}`
            : `ID or birth certificate of ${name}`,
        person,
        dependentId,
      },
    ];
    if (!who.hasNumber) {
      items.push({
        ...base,
        sourceKey: `${key}:itin`,
        type: 'itin',
        title: `ITIN documents for ${name}`,
        note: 'No SSN or ITIN is on the profile: we need these to apply for an ITIN (Form W-7).',
        person,
        dependentId,
      });
    }
    return items;
  };
  if (spouse) out.push(...identityItems(`spouse:${spouse.id}`, spouse, 'spouse', null));
  for (const child of children) {
    out.push(...identityItems(`dependent:${child.id}`, child, 'dependent', child.id));
  }

  const india = await indiaTiesOfClient(tx, clientId);
  if (india.ties) {
    const indiaItem = (type: RequestItemType, title: string): Suggestion => ({
      ...base,
      sourceKey: `india:${type}`,
      type,
      title,
      person: 'taxpayer',
    });
    if (india.livedThere) out.push(indiaItem('form-16', 'Form 16 from your Indian employer'));
    out.push(
      indiaItem('26as-ais', 'Form 26AS / AIS from the income-tax portal'),
      indiaItem('bank-nre-nro', 'NRE/NRO bank statements, January to December'),
      indiaItem('fd-interest', 'FD interest certificates'),
      { ...indiaItem('mf-cas', 'Mutual-fund CAS (CAMS/KFintech), January to December'), note: CAS_NOTE },
    );
  }
  return out;
}

/**
 * Last year's accepted items, asked again ("Still have this? …"), except those this year's profile already
 * suggests (the same employer's W-2 is not asked twice).
 */
async function lastYearSuggestions(
  tx: Tx,
  filing: { clientId: string; taxYear: number },
  profileKeys: ReadonlySet<string>,
): Promise<Suggestion[]> {
  const rows = await tx
    .select({
      id: requestItems.id,
      type: requestItems.type,
      title: requestItems.title,
      person: requestItems.person,
      dependentId: requestItems.dependentId,
      note: requestItems.note,
      required: requestItems.required,
      sourceKey: requestItems.sourceKey,
    })
    .from(requestItems)
    .innerJoin(filings, eq(filings.id, requestItems.filingId))
    .where(
      and(
        eq(requestItems.clientId, filing.clientId),
        eq(filings.clientId, filing.clientId),
        eq(filings.taxYear, filing.taxYear - 1),
        eq(requestItems.status, 'accepted'),
        isNull(requestItems.removedAt),
      ),
    )
    .orderBy(asc(requestItems.position), asc(requestItems.createdAt));
  return rows
    .filter((row) => !(row.sourceKey && profileKeys.has(row.sourceKey)))
    .map((row) => {
      const title = row.title.startsWith(STILL_HAVE_PREFIX)
        ? row.title.slice(STILL_HAVE_PREFIX.length)
        : row.title;
      return {
        sourceKey: `last-year:${row.id}`,
        source: 'last_year',
        type: row.type,
        title: `${STILL_HAVE_PREFIX}${title}`.slice(0, 200),
        person: row.person,
        dependentId: row.dependentId,
        note: row.note,
        required: row.required,
      };
    });
}

/**
 * Add what the profile and last year's checklist suggest and the filing does not have yet; answers how many
 * items were added. Idempotent: an item is known by its source key (`employer:<id>`, `last-year:<item id>`,
 * …), and an item staff removed keeps its key, so it is not suggested again. Only while the filing still
 * collects documents (`isCollecting`); after that the checklist is what it was. Call it inside a
 * transaction that has locked the filing row (`findFiling(tx, …, 'update')`), as both list calls do.
 */
export async function suggestItems(
  tx: Tx,
  filing: Pick<Filing, 'id' | 'clientId' | 'taxYear' | 'status'>,
): Promise<number> {
  if (!isCollecting(filing.status)) return 0;
  const fromProfile = await profileSuggestions(tx, filing.clientId);
  const knownKeys = await knownSourceKeys(tx, filing.id);
  const profileKeys = new Set([...fromProfile.map((s) => s.sourceKey), ...knownKeys]);
  const fromLastYear = await lastYearSuggestions(tx, filing, profileKeys);
  return addSuggested(tx, filing, [...fromProfile, ...fromLastYear], knownKeys);
}

/** The source keys the filing's checklist has (live or removed: a removed item is not suggested again). */
async function knownSourceKeys(tx: Tx, filingId: string): Promise<Set<string>> {
  const known = await tx
    .select({ sourceKey: requestItems.sourceKey })
    .from(requestItems)
    .where(and(eq(requestItems.filingId, filingId), sql`${requestItems.sourceKey} is not null`));
  return new Set(known.flatMap((row) => (row.sourceKey ? [row.sourceKey] : [])));
}

/**
 * Add the suggestions whose source key the filing does not have yet, after its last item; answers how many
 * were added. The one way a suggestion becomes an item (the profile, last year, the organizer).
 */
export async function addSuggested(
  tx: Tx,
  filing: Pick<Filing, 'id' | 'clientId'>,
  suggestions: Suggestion[],
  known?: ReadonlySet<string>,
): Promise<number> {
  const knownKeys = known ?? (await knownSourceKeys(tx, filing.id));
  const fresh = suggestions.filter((s) => !knownKeys.has(s.sourceKey));
  if (fresh.length === 0) return 0;
  const start = await nextPosition(tx, filing.id);
  const added = await tx
    .insert(requestItems)
    .values(
      fresh.map((s, index) => ({
        filingId: filing.id,
        clientId: filing.clientId,
        position: start + index,
        type: s.type,
        title: s.title,
        person: s.person,
        dependentId: s.dependentId,
        note: s.note,
        required: s.required,
        source: s.source,
        sourceKey: s.sourceKey,
      })),
    )
    .onConflictDoNothing({ target: [requestItems.filingId, requestItems.sourceKey] })
    .returning();
  for (const item of added) {
    await recordItemEvent(tx, { item, action: 'created', from: null, to: 'requested', actor: SYSTEM });
  }
  if (added.length < fresh.length) await compactPositions(tx, filing.id);
  return added.length;
}

/** The position after the filing's last live item. */
