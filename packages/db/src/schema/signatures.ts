/**
 * Consents and signatures (issue 19): the terms accepted at registration and the IRC §7216 consent to
 * disclose to the firm's India team, kept as an append-only record; documents to sign (engagement letter,
 * Form 8879, any other PDF) with their signers, one-time codes and the signed file, which is written once and
 * never changed afterwards.
 */
import { SIGNATURE_DOCUMENT_KINDS, SIGNATURE_DOCUMENT_STATUSES, SIGNER_ROLES } from '@taxfirm/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { ofClient, ofFiling } from './filing-columns.ts';
import { users } from './accounts.ts';
import { requestItems } from './requests.ts';

/** What a client agreed to: the site's terms (at registration), or the §7216 disclosure to the India team. */
export const consentKind = pgEnum('consent_kind', ['terms', 'offshore_disclosure']);

/**
 * One answer, never updated: changing one's mind is a new row, and the latest row of a kind is the answer in
 * force. `clients.offshore_consent` caches the latest offshore answer for the access checks.
 */
export const consents = pgTable(
  'consents',
  {
    ...id,
    ...ofClient(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: consentKind().notNull(),
    /** The version of the text shown (e.g. `terms-2026-11`, `7216-offshore-2026-11`). */
    version: text().notNull(),
    /** Yes or No (terms: always yes). */
    granted: boolean().notNull(),
    /** The name the client typed as their electronic signature (§7216 consents); null for terms. */
    signature: text(),
    /** Until when a Yes holds (Rev. Proc. 2013-14: one year when the taxpayer names no other duration). */
    expiresAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Order within one instant (PGlite can give two rows the same millisecond). */
    seq: integer().generatedAlwaysAsIdentity(),
  },
  (t) => [index('consents_client_kind_idx').on(t.clientId, t.kind, t.seq)],
);

export const signatureDocumentKind = pgEnum('signature_document_kind', SIGNATURE_DOCUMENT_KINDS);
export const signatureDocumentStatus = pgEnum('signature_document_status', SIGNATURE_DOCUMENT_STATUSES);
export const signerRole = pgEnum('signer_role', SIGNER_ROLES);

/** Where a mark goes: a page (1-based) and the point's position as fractions of the page from the top left. */
export type SignaturePlacement = { page: number; x: number; y: number };

/**
 * A PDF staff put up for signature on a filing. The unsigned file (and, for a return, the full return the
 * signer must open first) are sealed in storage like documents; the signed file is made once, when the last
 * signer signs, and its SHA-256 goes to the audit log.
 */
export const signatureDocuments = pgTable(
  'signature_documents',
  {
    ...id,
    ...ofFiling(),
    kind: signatureDocumentKind().notNull(),
    title: text().notNull(),
    status: signatureDocumentStatus().notNull().default('pending'),
    originalName: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull().unique(),
    sha256: text().notNull(),
    /** The full return to open before signing (Form 8879); optional for other kinds. */
    returnName: text(),
    returnSize: integer(),
    returnStorageKey: text().unique(),
    returnSha256: text(),
    /** The signed PDF: written once, never replaced (a correction is a new document). */
    signedStorageKey: text().unique(),
    signedSha256: text(),
    signedSize: integer(),
    signedAt: timestamp({ withTimezone: true }),
    /** "Print, sign and upload instead": the checklist item the wet-signed pages go to. */
    paperItemId: uuid().references(() => requestItems.id, { onDelete: 'set null' }),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    voidReason: text(),
    /** Locked after too many wrong codes from one signer (S2-06): nobody signs until staff reopen it. */
    lockedAt: timestamp({ withTimezone: true }),
    /** The reminder schedule (the request reminders' settings) counts from here. */
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    remindersSent: integer().notNull().default(0),
    lastRemindedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('signature_documents_client_filing_idx').on(t.clientId, t.filingId, t.createdAt),
    index('signature_documents_pending_idx')
      .on(t.filingId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One person who signs a document: the taxpayer (signs in the portal, after a fresh password or authenticator
 * step) or the spouse (signs from an e-mailed link, without an account). Each also proves the one-time code
 * e-mailed to them. Everything the evidence page shows is kept here.
 */
export const signatureSigners = pgTable(
  'signature_signers',
  {
    ...id,
    documentId: uuid()
      .notNull()
      .references(() => signatureDocuments.id, { onDelete: 'cascade' }),
    ...ofClient(),
    role: signerRole().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    signaturePlacement: jsonb().$type<SignaturePlacement>().notNull(),
    datePlacement: jsonb().$type<SignaturePlacement>().notNull(),
    /** The spouse's link: only its SHA-256 is stored; it expires and ends when the document is signed or void. */
    linkTokenHash: text().unique(),
    linkExpiresAt: timestamp({ withTimezone: true }),
    /** When this signer was served the whole document, and the full return where there is one. */
    openedAt: timestamp({ withTimezone: true }),
    returnOpenedAt: timestamp({ withTimezone: true }),
    /** The e-mailed one-time code: its hash, expiry, wrong tries; used once. */
    codeHash: text(),
    codeExpiresAt: timestamp({ withTimezone: true }),
    codeAttempts: integer().notNull().default(0),
    /** Wrong codes from this signer across every code sent (S2-06): a new code does not clear it. */
    failedCodes: integer().notNull().default(0),
    /** The signature: typed (the name as typed) or drawn (a PNG, kept until the signed file is made). */
    signatureKind: text(),
    signatureText: text(),
    signaturePng: text(),
    signedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    /** The login (user id) or the link (signer id) that signed. */
    signedVia: text(),
    /** How identity was checked, e.g. "password + e-mailed code", and the result. */
    verification: text(),
    ...timestamps,
  },
  (t) => [
    index('signature_signers_document_idx').on(t.documentId),
    uniqueIndex('signature_signers_document_role_idx').on(t.documentId, t.role),
  ],
);

/**
 * The firm's documents to sign kept once (an engagement letter), sent from a bulk action or an automation
 * (issue 36): each file's signature document names the same stored PDF, which a row referencing it keeps from
 * the orphan sweeper and from records retention.
 */
export const signatureTemplates = pgTable('signature_templates', {
  ...id,
  kind: signatureDocumentKind().notNull(),
  title: text().notNull(),
  originalName: text().notNull(),
  size: integer().notNull(),
  storageKey: text().notNull(),
  sha256: text().notNull(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});
