/**
 * The client's tax profile: taxpayer, spouse, dependents and employers. Every read and write is scoped to
 * the session's client (never an id from the body). Identity numbers are sealed by the keyring and answered
 * masked; a blank number on save keeps the stored one. Saves are refused once the filing's status closes
 * editing, and every change is written to the audit log (never the values).
 */
import {
  canEditProfile,
  MESSAGES,
  type FileStatus,
  type saveDependentsBodySchema,
  type saveEmployersBodySchema,
  type spouseBodySchema,
  type taxpayerBodySchema,
} from '@taxfirm/contract';
import {
  and,
  asc,
  auditLog,
  clients,
  dependents,
  employers,
  eq,
  filings,
  spouses,
  taxpayerProfiles,
  type Database,
} from '@taxfirm/db';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';

/** The keyring context identity numbers are sealed under. */
export const SSN_CONTEXT = 'ssn';

/** Nine stored digits as written: 123-45-6789. */
export const formatSsn = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;

export type ProfileDeps = { db: Database; keyring: Keyring };
export type Actor = {
  userId: string;
  clientId: string;
  email: string;
  ip: string;
  userAgent: string | undefined;
};

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
  digits: string | undefined,
  kept: { ssnSealed: string | null; ssnLast4: string | null },
) {
  if (!digits) return kept;
  return { ssnSealed: keyring.seal(Buffer.from(digits), SSN_CONTEXT), ssnLast4: digits.slice(-4) };
}

const NONE = { ssnSealed: null, ssnLast4: null };

async function audit(db: Pick<Database, 'insert'>, actor: Actor, action: string, subject: string) {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    clientId: actor.clientId,
    action,
    subject,
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, 300) ?? null,
  });
}

/** The client's file status for a tax year, or null before a filing exists. */
export async function fileStatusOf(db: Database, clientId: string, taxYear: number) {
  const [filing] = await db
    .select({ status: filings.status })
    .from(filings)
    .where(and(eq(filings.clientId, clientId), eq(filings.taxYear, taxYear)))
    .limit(1);
  return filing?.status ?? null;
}

/** Editing is open without a filing yet, and while its status is still collecting information. */
export const isEditable = (status: FileStatus | null) => status === null || canEditProfile(status);

/** Refuse a save once the current filing's status closes editing (DESIGN.md). */
export async function assertEditable(db: Database, clientId: string, taxYear: number): Promise<void> {
  if (!isEditable(await fileStatusOf(db, clientId, taxYear))) {
    throw new AppError('PROFILE_LOCKED');
  }
}

export async function getTaxpayer(db: Database, actor: Pick<Actor, 'clientId' | 'email'>) {
  const [row] = await db.select().from(taxpayerProfiles).where(eq(taxpayerProfiles.clientId, actor.clientId));
  if (!row) {
    // Nothing saved yet: start from what registration recorded.
    const [client] = await db.select().from(clients).where(eq(clients.id, actor.clientId));
    if (!client) return null;
    return {
      first_name: client.firstName,
      last_name: client.lastName,
      ssnitin: null,
      occupation: null,
      dob: null,
      filling_status: null,
      dependent: null,
      email: actor.email,
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
    email: actor.email,
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

export async function saveTaxpayer(deps: ProfileDeps, actor: Actor, input: TaxpayerInput): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ ssnSealed: taxpayerProfiles.ssnSealed, ssnLast4: taxpayerProfiles.ssnLast4 })
      .from(taxpayerProfiles)
      .where(eq(taxpayerProfiles.clientId, actor.clientId));
    const values = {
      firstName: input.first_name,
      lastName: input.last_name,
      ...seal(deps.keyring, input.ssnitin, existing ?? NONE),
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
    await audit(tx, actor, 'profile.update', 'taxpayer');
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
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ ssnSealed: spouses.ssnSealed, ssnLast4: spouses.ssnLast4 })
      .from(spouses)
      .where(eq(spouses.clientId, actor.clientId));
    const values = {
      firstName: input.first_name,
      lastName: input.last_name,
      ...seal(deps.keyring, input.ssn, existing ?? NONE),
      occupation: input.occupation ?? null,
      dob: toDbDate(input.dob),
      visaType: input.visa_type ?? null,
    };
    await tx
      .insert(spouses)
      .values({ clientId: actor.clientId, ...values })
      .onConflictDoUpdate({ target: spouses.clientId, set: values });
    await audit(tx, actor, 'profile.update', 'spouse');
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
  await deps.db.transaction(async (tx) => {
    const before = await tx
      .select({ id: dependents.id, ssnSealed: dependents.ssnSealed, ssnLast4: dependents.ssnLast4 })
      .from(dependents)
      .where(eq(dependents.clientId, actor.clientId));
    const kept = new Map(before.map((row) => [row.id, row]));
    await tx.delete(dependents).where(eq(dependents.clientId, actor.clientId));
    if (input.dependentinfo.length > 0) {
      await tx.insert(dependents).values(
        input.dependentinfo.map((d, position) => ({
          clientId: actor.clientId,
          position,
          firstName: d.first_name,
          lastName: d.last_name,
          // A row that is one of this client's dependents keeps its id (and, left blank, its number), so a
          // form still open elsewhere saves onto the same dependents.
          ...(d.id && kept.has(d.id) ? { id: d.id } : {}),
          ...seal(deps.keyring, d.ssn, (d.id && kept.get(d.id)) || NONE),
          relationship: d.occupation ?? null,
          dob: toDbDate(d.dob),
          visaType: d.visa_type ?? null,
        })),
      );
    }
    await audit(tx, actor, 'profile.update', 'dependents');
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
  await deps.db.transaction(async (tx) => {
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
    await audit(tx, actor, 'profile.update', 'employers');
  });
}

/** The client's own stored number in full, for a deliberate reveal; the reveal is audited. */
export async function revealSsn(
  deps: ProfileDeps,
  actor: Actor,
  section: 'taxpayer' | 'spouse' | 'dependent',
  which: { id?: string | undefined; index?: number | undefined } = {},
): Promise<string> {
  // A dependent is named by its id (the page sends it); the position is the old form's way.
  const dependent = which.id ? eq(dependents.id, which.id) : eq(dependents.position, which.index ?? 0);
  const sealed =
    section === 'taxpayer'
      ? (
          await deps.db
            .select({ s: taxpayerProfiles.ssnSealed })
            .from(taxpayerProfiles)
            .where(eq(taxpayerProfiles.clientId, actor.clientId))
        )[0]?.s
      : section === 'spouse'
        ? (
            await deps.db
              .select({ s: spouses.ssnSealed })
              .from(spouses)
              .where(eq(spouses.clientId, actor.clientId))
          )[0]?.s
        : (
            await deps.db
              .select({ s: dependents.ssnSealed })
              .from(dependents)
              .where(and(eq(dependents.clientId, actor.clientId), dependent))
          )[0]?.s;
  if (!sealed) throw new AppError('NOT_FOUND', { message: MESSAGES.SSN_NOT_STORED });
  const digits = deps.keyring.open(sealed, SSN_CONTEXT).toString();
  await audit(
    deps.db,
    actor,
    'ssn.reveal',
    section === 'dependent' ? `dependents.${which.id ?? `#${which.index ?? 0}`}.ssn` : `${section}.ssn`,
  );
  return formatSsn(digits);
}
