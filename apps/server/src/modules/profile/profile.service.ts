/**
 * The client's tax profile: taxpayer, spouse, dependents and employers. Every read and write is scoped to
 * the session's client (never an id from the body). Identity numbers are sealed by the keyring, bound to their
 * row, and answered masked; a blank number on save keeps the stored one. Saves are refused once the filing's
 * status closes editing, and every change is written to the audit log (never the values).
 */
import { randomUUID } from 'node:crypto';
import {
  type FileStatus,
  type saveDependentsBodySchema,
  type saveEmployersBodySchema,
  type spouseBodySchema,
  type taxpayerBodySchema,
} from '@taxfirm/contract';
import {
  and,
  asc,
  clients,
  dependents,
  employers,
  eq,
  filings,
  spouses,
  sql,
  taxpayerProfiles,
  users,
  type Database,
} from '@taxfirm/db';
import type { z } from 'zod';
import { assertClientMay, type ClientActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { assertProfileEditable } from '../filings/filings.service.ts';
import { DecryptionError, type Keyring } from '../../lib/crypto/keyring.ts';

/** The tables that hold an identity number (`ssn_sealed`). */
type IdentityTable = 'taxpayer_profiles' | 'spouses' | 'dependents';

/**
 * The keyring context an identity number is sealed under: its table, its row and its column, so a sealed
 * number copied to another row (another client's, or the spouse's) does not open. The one-per-client tables
 * name the row by its client (their unique key, known before the first insert); dependents by their client
 * and id, so a dependent's row moved to another client does not open either.
 */
export const identityNumberContext = (table: IdentityTable, clientId: string, dependentId?: string) =>
  `ssn|${table}|${dependentId ? `${clientId}/${dependentId}` : clientId}|ssn_sealed`;

/** The context numbers were sealed under before they were bound to their row; still opened, sealed anew on save. */
export const LEGACY_SSN_CONTEXT = 'ssn';

/** A stored number: under its row's context, or else under the old unbound one. */
export function openNumber(keyring: Keyring, sealed: string, context: string): Buffer {
  try {
    return keyring.open(sealed, context);
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    return keyring.open(sealed, LEGACY_SSN_CONTEXT);
  }
}

/** A kept number, as it is if bound to its row already, else sealed again, bound (left as is if it opens neither way). */
function rebindNumber(keyring: Keyring, sealed: string, context: string): string {
  try {
    keyring.open(sealed, context);
    return sealed;
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
  }
  try {
    return keyring.seal(keyring.open(sealed, LEGACY_SSN_CONTEXT), context);
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    return sealed;
  }
}

/** Nine stored digits as written: 123-45-6789. */
export const formatSsn = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;

/** What a save needs: the database, the keyring for identity numbers, and the tax year whose filing locks it. */
export type ProfileDeps = { db: Database; keyring: Keyring; taxYear: number };
type Actor = ClientActor;

type TaxpayerInput = z.output<typeof taxpayerBodySchema>;
type SpouseInput = z.output<typeof spouseBodySchema>;
type DependentsInput = z.output<typeof saveDependentsBodySchema>;
type EmployersInput = z.output<typeof saveEmployersBodySchema>;

/** MM-DD-YYYY (the forms) ↔ YYYY-MM-DD (the database). */
const toDbDate = (mmddyyyy: string | undefined) => {
  if (!mmddyyyy) return null;
  const [m, d, y] = mmddyyyy.split('-');
  return `${y}-${m}-${d}`;
};
const fromDbDate = (iso: string | null) => {
  if (!iso) return null;
  const [y, m, d] = iso.split('-');
  return `${m}-${d}-${y}`;
};

export const maskSsn = (last4: string | null) => (last4 ? `***-**-${last4}` : null);

function seal(
  keyring: Keyring,
  context: string,
  digits: string | undefined,
  kept: { ssnSealed: string | null; ssnLast4: string | null },
) {
  if (!digits) {
    if (!kept.ssnSealed) return kept;
    return { ssnSealed: rebindNumber(keyring, kept.ssnSealed, context), ssnLast4: kept.ssnLast4 };
  }
  return { ssnSealed: keyring.seal(Buffer.from(digits), context), ssnLast4: digits.slice(-4) };
}

const NONE = { ssnSealed: null, ssnLast4: null };

type ProfileRow = typeof taxpayerProfiles.$inferSelect;
type RegisteredClient = {
  firstName: string;
  lastName: string;
  phone: string | null;
  phoneExt: string | null;
};

/** The taxpayer page's answer: the saved profile, else what registration recorded; the e-mail is the login's. */
function taxpayerOf(row: ProfileRow | null, client: RegisteredClient | null, email: string) {
  if (!row) {
    if (!client) return null;
    // Nothing saved yet: start from what registration recorded.
    return {
      first_name: client.firstName,
      last_name: client.lastName,
      ssnitin: null,
      occupation: null,
      dob: null,
      filling_status: null,
      dependent: null,
      email,
      phone: client.phone,
      phoneext: client.phoneExt,
      alterphone: null,
      address: null,
      city_name: null,
      state_name: null,
      country_name: null,
      zip: null,
      insurence: null,
      current_emp: null,
      c_location: null,
      time_zone: null,
      referral_name: null,
    };
  }
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    ssnitin: maskSsn(row.ssnLast4),
    occupation: row.occupation,
    dob: fromDbDate(row.dob),
    filling_status: row.filingStatus,
    dependent: row.hasDependents,
    // The e-mail is the login's, whatever was saved.
    email,
    phone: row.phone,
    phoneext: row.phoneExt,
    alterphone: row.alterPhone,
    address: row.address,
    city_name: row.city,
    state_name: row.state,
    country_name: row.country,
    zip: row.zip,
    insurence: row.healthInsurance,
    current_emp: row.currentEmployer,
    c_location: row.clientLocation,
    time_zone: row.timeZone,
    referral_name: row.referralName,
  };
}

export async function getTaxpayer(db: Database, actor: Pick<Actor, 'clientId' | 'email'>) {
  const [row] = await db.select().from(taxpayerProfiles).where(eq(taxpayerProfiles.clientId, actor.clientId));
  if (row) return taxpayerOf(row, null, actor.email);
  const [client] = await db.select().from(clients).where(eq(clients.id, actor.clientId));
  return taxpayerOf(null, client ?? null, actor.email);
}

/**
 * The client's taxpayer page in one round trip, as one prepared statement: the client, the saved profile,
 * the file's sign-in e-mail (the holder's login, shown also to a household member, issue 38) and the status
 * of the year's filing (a plain read of `filings`, as `findFiling` reads it; none yet: null).
 */
function taxpayerPageQuery(db: Database) {
  return db
    .select({
      profile: taxpayerProfiles,
      firstName: clients.firstName,
      lastName: clients.lastName,
      phone: clients.phone,
      phoneExt: clients.phoneExt,
      holderEmail: users.email,
      filingStatus: filings.status,
    })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .leftJoin(taxpayerProfiles, eq(taxpayerProfiles.clientId, clients.id))
    .leftJoin(
      filings,
      and(eq(filings.clientId, clients.id), eq(filings.taxYear, sql`${sql.placeholder('taxYear')}::integer`)),
    )
    .where(eq(clients.id, sql.placeholder('clientId')))
    .limit(1)
    .prepare('taxpayer_page');
}
const taxpayerPages = new WeakMap<Database, ReturnType<typeof taxpayerPageQuery>>();

export async function getTaxpayerPage(
  db: Database,
  actor: Pick<ClientActor, 'clientId' | 'email' | 'member'>,
  taxYear: number,
): Promise<{ tinfo: ReturnType<typeof taxpayerOf>; filestatus: FileStatus | null }> {
  let query = taxpayerPages.get(db);
  if (!query) {
    query = taxpayerPageQuery(db);
    taxpayerPages.set(db, query);
  }
  const [row] = await query.execute({ clientId: actor.clientId, taxYear });
  if (!row) return { tinfo: null, filestatus: null };
  const email = actor.member ? row.holderEmail : actor.email;
  return { tinfo: taxpayerOf(row.profile, row, email), filestatus: row.filingStatus };
}

export async function saveTaxpayer(deps: ProfileDeps, actor: Actor, input: TaxpayerInput): Promise<void> {
  // A household delegate reads the profile only (issue 38).
  assertClientMay(actor, 'edit');
  await deps.db.transaction(async (tx) => {
    await assertProfileEditable(tx, actor.clientId, deps.taxYear);
    const [existing] = await tx
      .select({ ssnSealed: taxpayerProfiles.ssnSealed, ssnLast4: taxpayerProfiles.ssnLast4 })
      .from(taxpayerProfiles)
      .where(eq(taxpayerProfiles.clientId, actor.clientId));
    const values = {
      firstName: input.first_name,
      lastName: input.last_name,
      ...seal(
        deps.keyring,
        identityNumberContext('taxpayer_profiles', actor.clientId),
        input.ssnitin,
        existing ?? NONE,
      ),
      occupation: input.occupation ?? null,
      dob: toDbDate(input.dob),
      filingStatus: input.filling_status ?? null,
      hasDependents: input.dependent ?? null,
      phone: input.phone,
      phoneExt: input.phoneext,
      alterPhone: input.alterphone ?? null,
      address: input.address ?? null,
      city: input.city_name ?? null,
      state: input.state_name ?? null,
      country: input.country_name ?? null,
      zip: input.zip ?? null,
      healthInsurance: input.insurence ?? null,
      currentEmployer: input.current_emp ?? null,
      clientLocation: input.c_location ?? null,
      timeZone: input.time_zone ?? null,
      referralName: input.referral_name ?? null,
    };
    await tx
      .insert(taxpayerProfiles)
      .values({ clientId: actor.clientId, ...values })
      .onConflictDoUpdate({ target: taxpayerProfiles.clientId, set: values });
    await audit(tx, { actor, action: 'profile.update', subject: 'taxpayer' });
  });
}

export async function getSpouse(db: Database, clientId: string) {
  const [row] = await db.select().from(spouses).where(eq(spouses.clientId, clientId));
  if (!row) return null;
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    ssn: maskSsn(row.ssnLast4),
    occupation: row.occupation,
    dob: fromDbDate(row.dob),
    visa_type: row.visaType,
  };
}

export async function saveSpouse(deps: ProfileDeps, actor: Actor, input: SpouseInput): Promise<void> {
  // A household delegate reads the profile only (issue 38).
  assertClientMay(actor, 'edit');
  await deps.db.transaction(async (tx) => {
    await assertProfileEditable(tx, actor.clientId, deps.taxYear);
    const [existing] = await tx
      .select({ ssnSealed: spouses.ssnSealed, ssnLast4: spouses.ssnLast4 })
      .from(spouses)
      .where(eq(spouses.clientId, actor.clientId));
    const values = {
      firstName: input.first_name,
      lastName: input.last_name,
      ...seal(deps.keyring, identityNumberContext('spouses', actor.clientId), input.ssn, existing ?? NONE),
      occupation: input.occupation ?? null,
      dob: toDbDate(input.dob),
      visaType: input.visa_type ?? null,
    };
    await tx
      .insert(spouses)
      .values({ clientId: actor.clientId, ...values })
      .onConflictDoUpdate({ target: spouses.clientId, set: values });
    await audit(tx, { actor, action: 'profile.update', subject: 'spouse' });
  });
}

export async function getDependents(db: Database, clientId: string) {
  const rows = await db
    .select()
    .from(dependents)
    .where(eq(dependents.clientId, clientId))
    .orderBy(asc(dependents.position));
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    ssn: maskSsn(row.ssnLast4),
    occupation: row.relationship,
    dob: fromDbDate(row.dob),
    visa_type: row.visaType,
  }));
}

/**
 * Replace the list in one transaction. A blank number keeps the one stored for the row's `id`, looked up
 * among this client's dependents only; a row without a known id gets no number.
 */
export async function saveDependents(deps: ProfileDeps, actor: Actor, input: DependentsInput): Promise<void> {
  // A household delegate reads the profile only (issue 38).
  assertClientMay(actor, 'edit');
  await deps.db.transaction(async (tx) => {
    await assertProfileEditable(tx, actor.clientId, deps.taxYear);
    const before = await tx
      .select({ id: dependents.id, ssnSealed: dependents.ssnSealed, ssnLast4: dependents.ssnLast4 })
      .from(dependents)
      .where(eq(dependents.clientId, actor.clientId));
    const kept = new Map(before.map((row) => [row.id, row]));
    await tx.delete(dependents).where(eq(dependents.clientId, actor.clientId));
    if (input.dependentinfo.length > 0) {
      await tx.insert(dependents).values(
        input.dependentinfo.map((d, position) => {
          // A row that is one of this client's dependents keeps its id (and, left blank, its number), so a
          // form still open elsewhere saves onto the same dependents. A new row's id is made here: its
          // number is sealed for it.
          const id = d.id && kept.has(d.id) ? d.id : randomUUID();
          return {
            clientId: actor.clientId,
            position,
            firstName: d.first_name,
            lastName: d.last_name,
            id,
            ...seal(
              deps.keyring,
              identityNumberContext('dependents', actor.clientId, id),
              d.ssn,
              kept.get(id) ?? NONE,
            ),
            relationship: d.occupation ?? null,
            dob: toDbDate(d.dob),
            visaType: d.visa_type ?? null,
          };
        }),
      );
    }
    await audit(tx, { actor, action: 'profile.update', subject: 'dependents' });
  });
}

export async function getEmployers(db: Database, clientId: string) {
  const rows = await db
    .select()
    .from(employers)
    .where(eq(employers.clientId, clientId))
    .orderBy(asc(employers.position));
  return rows.map((row) => ({
    company_name: row.companyName,
    client_name: row.clientName,
    proj_start_date: fromDbDate(row.projectStart) ?? '',
    proj_end_date: fromDbDate(row.projectEnd) ?? '',
  }));
}

export async function saveEmployers(deps: ProfileDeps, actor: Actor, input: EmployersInput): Promise<void> {
  // A household delegate reads the profile only (issue 38).
  assertClientMay(actor, 'edit');
  await deps.db.transaction(async (tx) => {
    await assertProfileEditable(tx, actor.clientId, deps.taxYear);
    await tx.delete(employers).where(eq(employers.clientId, actor.clientId));
    if (input.emploerinfo.length > 0) {
      await tx.insert(employers).values(
        input.emploerinfo.map((e, position) => ({
          clientId: actor.clientId,
          position,
          companyName: e.company_name,
          clientName: e.client_name,
          projectStart: toDbDate(e.proj_start_date) ?? '',
          projectEnd: toDbDate(e.proj_end_date) ?? '',
        })),
      );
    }
    await audit(tx, { actor, action: 'profile.update', subject: 'employers' });
  });
}
