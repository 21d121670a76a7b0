import { sql } from 'drizzle-orm';
import { STAFF_LOCATIONS } from '@taxfirm/contract';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';

export const userRole = pgEnum('user_role', ['client', 'analyst', 'admin']);
/** How a staff member hears of their clients' messages and activity: an e-mail each time, or a daily digest. */
export const staffAlerts = pgEnum('staff_alerts', ['each', 'digest']);
/** Where a staff member works: offshore staff cannot open a file without the client's §7216 consent. */
export const staffLocation = pgEnum('staff_location', STAFF_LOCATIONS);

/** Everyone who signs in: clients and staff. E-mail is unique whatever its case. */
export const users = pgTable(
  'users',
  {
    ...id,
    email: text().notNull(),
    /** argon2id (PHC string); never the password. */
    passwordHash: text().notNull(),
    role: userRole().notNull().default('client'),
    firstName: text().notNull(),
    lastName: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    /** The TOTP secret, sealed by the server's keyring; null while MFA is off. */
    mfaSecret: text(),
    mfaEnabledAt: timestamp({ withTimezone: true }),
    /** The TOTP time step last accepted: a code is never accepted twice (replay). */
    mfaLastTimeStep: integer(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** Set when an admin deactivates a staff member: no login, every session ended. */
    deactivatedAt: timestamp({ withTimezone: true }),
    /** Wrong second-factor codes since the last success, counted across every endpoint and token (F-01). */
    mfaFailures: integer().notNull().default(0),
    /** Second-factor attempts are refused until then (set after too many failures). */
    mfaLockedUntil: timestamp({ withTimezone: true }),
    /** Wrong passwords since the last successful sign-in (a success resets the count). */
    loginFailures: integer().notNull().default(0),
    /** Password attempts are refused until then (set after too many failures). */
    loginLockedUntil: timestamp({ withTimezone: true }),
    /** Staff only: an e-mail per new client message on their files, or one daily digest. */
    staffAlerts: staffAlerts().notNull().default('each'),
    /** Staff only: when their last digest was sent (the next one covers what came after). */
    digestSentAt: timestamp({ withTimezone: true }),
    /** Staff only: 'us', or 'offshore' (the India team; refused on files without a §7216 Yes in force). */
    location: staffLocation().notNull().default('us'),
    /**
     * Staff only: the last day (the firm's calendar) a seasonal member may work. From the day after, they cannot
     * sign in and their sessions are refused (`staffAccessInForceSql`); null: no end.
     */
    accessEndsOn: date({ mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The staff search (ILIKE '%term%') on a client's e-mail: trigrams (pg_trgm, migration 0021).
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // The staff lists (analysts to filter or assign by) among a hundred thousand clients' logins.
    index('users_role_idx').on(t.role),
  ],
);

/** A client of the firm: the portal's account holder. */
export const clients = pgTable(
  'clients',
  {
    ...id,
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** Ten digits, without the mask. */
    phone: text().notNull(),
    phoneExt: text().notNull(),
    /** Assigned by staff; unique once assigned. */
    fileNumber: text().unique(),
    /**
     * The §7216 offshore-disclosure answer in force (the latest `consents` row): null until asked, and until
     * when a Yes holds. Offshore staff may open the file only while it is a Yes in force.
     */
    offshoreConsent: boolean(),
    offshoreConsentExpiresAt: timestamp({ withTimezone: true }),
    /**
     * What the staff search box reads (issue 39): the name, file number and phone, and the login's e-mail, in
     * one text. Kept by the database (migration 0045: triggers on clients and on a login's e-mail change); the
     * app never writes it.
     */
    search: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // The staff search box (ILIKE '%term%'): one trigram index over all that it matches (client-search.ts).
    index('clients_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // The work queue sorted by name (the same expression as the console's "name" column).
    index('clients_full_name_idx').on(sql`(${t.firstName} || ' ' || ${t.lastName})`),
    // The staff search (ILIKE '%term%') on a name, a file number and a phone's digits: trigrams.
    index('clients_full_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index('clients_file_number_trgm_idx').using('gin', sql`${t.fileNumber} gin_trgm_ops`),
    index('clients_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    ...id,
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The absolute end (12 hours after login), whatever the activity. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** When the holder last proved it again (password or code) for a sensitive action (step-up). */
    steppedUpAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const authTokenKind = pgEnum('auth_token_kind', [
  'verify',
  'reset',
  'staff_reset',
  'mfa_login',
  /** A staff member's second-step token: only the staff endpoint accepts it. */
  'staff_mfa_login',
]);

/** E-mailed verification and reset links: random, stored hashed, single use, expiring. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    ...id,
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: authTokenKind().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_kind_idx').on(t.userId, t.kind)],
);

/** One-time recovery codes for MFA (hashed); each works once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    ...id,
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A passkey (a WebAuthn credential) its user signs in with, client or staff (issue 38). Only the public key is
 * kept; the private key never leaves the authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    ...id,
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id (base64url), as the authenticator names it. */
    credentialId: text().notNull().unique(),
    /** The COSE public key (base64url). */
    publicKey: text().notNull(),
    /** The signature counter last accepted: a lower one is refused (a cloned authenticator). */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (usb, internal, hybrid…), handed back at sign-in. */
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The holder's name for it ("My phone"). */
    name: text().notNull(),
    /** 'singleDevice' or 'multiDevice' (synced), and whether it is backed up, as the authenticator says. */
    deviceType: text(),
    backedUp: boolean().notNull().default(false),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export const webauthnPurpose = pgEnum('webauthn_purpose', ['register', 'login', 'step_up']);

/**
 * A WebAuthn challenge handed out by the server: single use (a replayed one is refused) and short-lived. A
 * registration's and a step-up's belong to the session's user; a sign-in's to nobody until it is answered.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  ...id,
  challenge: text().notNull().unique(),
  purpose: webauthnPurpose().notNull(),
  /** 'client' or 'staff': which sign-in door (and its rules) asked for it. */
  door: text().notNull().default('client'),
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An e-mailed one-time sign-in code, the client's alternative to a password (issue 38): only its hash is kept,
 * it expires and works once; wrong codes count against the account like wrong passwords.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    ...id,
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_codes_user_idx').on(t.userId)],
);
