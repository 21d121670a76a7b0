import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from '../columns.ts';
import { clients, users } from './accounts.ts';

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Who did what to which client's data, when and from where (append-only; never the values). */
export const auditLog = pgTable(
  'audit_log',
  {
    ...id,
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    clientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    /** What the action touched, e.g. "taxpayer", "dependents", "spouse.ssn". */
    subject: text(),
    ip: text(),
    userAgent: text(),
    /**
     * Set by the chain's trigger whatever the writer sent (migration 0025): the database's clock under the
     * chain's lock, never before the previous row's. The default only lets an insert leave it out.
     */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The order rows were written in. Two events can share a timestamp (one transaction, or the embedded
     * database's millisecond clock), and a random id says nothing of which came first.
     */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    /*
     * The hash chain (migration 0023; sealed after commit since migration 0043, ADR 032). An insert leaves the
     * three null: the row is written unsealed, with no lock. The sealer (`audit_log_seal()`, one at a time
     * across instances) later gives each committed row, in created_at order, its place, the previous row's
     * hash and its own; the checks below refuse a half-sealed row. modules/audit/audit-chain.ts verifies.
     */
    /** The row's place in the chain: 1, 2, 3… with no gaps; null until sealed. */
    chainSeq: bigint({ mode: 'number' }),
    /** The previous row's hash (32 zero bytes for the first row); null until sealed. */
    prevHash: bytea(),
    /** sha256(prev_hash || the row's canonical content); null until sealed. */
    hash: bytea(),
    /** sha256('actor:' || actor id) || sha256('client:' || client id) at insert: survives an erased reference. */
    refDigests: bytea()
      .notNull()
      .default(sql`''::bytea`),
  },
  (t) => [
    unique('audit_log_chain_seq_key').on(t.chainSeq),
    check(
      'audit_log_chained',
      sql`(${t.chainSeq} is null and ${t.prevHash} is null and ${t.hash} is null) or (${t.chainSeq} > 0 and ${t.prevHash} is not null and ${t.hash} is not null and octet_length(${t.prevHash}) = 32 and octet_length(${t.hash}) = 32)`,
    ),
    check('audit_log_ref_digests_set', sql`octet_length(${t.refDigests}) = 64`),
    // What the sealer takes next: the unsealed rows, oldest first.
    index('audit_log_unsealed_idx')
      .on(t.createdAt, t.seq)
      .where(sql`${t.chainSeq} is null`),
    index('audit_log_client_created_idx').on(t.clientId, t.createdAt),
    // The log's order (newest first) and its date filters.
    index('audit_log_created_idx').on(t.createdAt, t.seq),
    // The "one staff member" filter, newest first.
    index('audit_log_actor_created_idx').on(t.actorUserId, t.createdAt, t.seq),
    // The log's search box (ILIKE '%term%') on the action and the subject: trigrams.
    index('audit_log_action_trgm_idx').using('gin', sql`${t.action} gin_trgm_ops`),
    index('audit_log_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
  ],
);
