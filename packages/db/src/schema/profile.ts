import { date, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { clients } from './accounts.ts';

/**
 * Identity numbers (SSN/ITIN) are never stored in clear: `ssn_sealed` holds the number sealed by the server's
 * keyring (AES-256-GCM, with its key id), and `ssn_last4` only what the masked answer shows.
 */
const identityNumber = {
  ssnSealed: text(),
  ssnLast4: text(),
};

/** The person a one-per-client section describes: the client it belongs to, the name, identity number, work and birth date. */
const personOfClient = () => ({
  ...id,
  clientId: uuid()
    .notNull()
    .unique()
    .references(() => clients.id, { onDelete: 'cascade' }),
  firstName: text().notNull(),
  lastName: text().notNull(),
  ...identityNumber,
  occupation: text(),
  dob: date(),
});

/** The taxpayer section of a client's profile (one per client). */
export const taxpayerProfiles = pgTable('taxpayer_profiles', {
  ...personOfClient(),
  filingStatus: text(),
  /** '1' yes, '2' no (the spec's values). */
  hasDependents: text(),
  phone: text(),
  phoneExt: text(),
  alterPhone: text(),
  address: text(),
  city: text(),
  state: text(),
  country: text(),
  zip: text(),
  healthInsurance: text(),
  currentEmployer: text(),
  clientLocation: text(),
  timeZone: text(),
  referralName: text(),
  ...timestamps,
});

/** The spouse section (at most one per client). */
export const spouses = pgTable('spouses', {
  ...personOfClient(),
  visaType: text(),
  ...timestamps,
});

/** Dependents, at most 6 per client, in the order the client gave them. */
export const dependents = pgTable(
  'dependents',
  {
    ...id,
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    ...identityNumber,
    relationship: text(),
    dob: date(),
    visaType: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('dependents_client_position_idx').on(t.clientId, t.position)],
);

/** Employer / project entries, at most 6 per client. */
export const employers = pgTable(
  'employers',
  {
    ...id,
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    companyName: text().notNull(),
    clientName: text().notNull(),
    projectStart: date().notNull(),
    projectEnd: date().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('employers_client_position_idx').on(t.clientId, t.position)],
);
