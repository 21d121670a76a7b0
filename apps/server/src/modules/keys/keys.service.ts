/**
 * Key rotation (F-09): every value the keyring sealed, sealed again under the current ENCRYPTION_KEY, so a
 * retired key (ENCRYPTION_KEY_PREVIOUS) can then be dropped. Rows are read in batches in id order and each
 * batch is written in its own transaction, a row only if its sealed value is still the one read (a save
 * meanwhile wins). A value already under the current key is never touched, so an interrupted run is simply
 * run again: it goes on where the last one stopped, and a finished one finds nothing to do. Stored files are
 * walked through the storage listing and only their own keys are re-sealed (the bytes stay as they are).
 * Nothing here ever reports a value: only kinds, row ids and key ids.
 */
import { sql, type Database } from '@taxfirm/db';
import { SYSTEM } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { DecryptionError, keyIdOf, sealedPrefix, type Keyring } from '../../lib/crypto/keyring.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';
import { SECRET_CONTEXT } from '../accounts/mfa.service.ts';
import { LINK_CONTEXT } from '../mail/outbox.ts';
import { bodyContext } from '../messaging/messaging.service.ts';
import { organizerContext } from '../organizer/organizer-store.ts';
import { identityNumberContext, LEGACY_SSN_CONTEXT } from '../profile/profile.service.ts';

export const SEALED_KINDS = [
  'identity numbers',
  'MFA secrets',
  'e-mail links',
  'message bodies',
  'organizer answers',
  'file keys',
] as const;
export type SealedKind = (typeof SEALED_KINDS)[number];

/** A value that could not be opened: where it is (a table, or `storage` for a file) and why, never what. */
export type RotationFailure = {
  where: string;
  id: string;
  /** The key id the value names, when it names one. */
  keyId: string | undefined;
  reason: 'unknown-key' | 'does-not-open' | 'not-sealed';
};

export type KindReport = {
  kind: SealedKind;
  /** Values of this kind (files: objects listed). */
  total: number;
  /** Under the current key already when the run began (files: as each was looked at). */
  current: number;
  /** Sealed again under the current key (a dry run: that would be). */
  resealed: number;
  /** Rows saved by the app between this run's read and its write (left as saved). */
  changed: number;
  /** Files deleted while the run went on, or stored before the app sealed files: nothing to do. */
  skipped: number;
  failures: RotationFailure[];
  /** Values still under another key after the run (database kinds; for files, the failures). */
  remaining: number;
};

export type RotationReport = { kinds: KindReport[]; stopped: boolean; dryRun: boolean };

/** `done` of `total` values looked at so far, `resealed` of them sealed again (a dry run: that would be). */
export type RotationProgress = { kind: SealedKind; done: number; total: number; resealed: number };

export type RotationOptions = {
  dryRun?: boolean;
  /** Rows per batch (and transaction); files per listing step. */
  batchSize?: number;
  /** Stops the run between batches (what is done stays done). */
  signal?: AbortSignal;
  onProgress?: (progress: RotationProgress) => void;
};

export type RotationDeps = { db: Database; storage: ObjectStorage; keyring: Keyring };

/** One column of sealed values: its table, its row's client (for the contexts) and the contexts it opens under. */
type SealedColumn = {
  kind: SealedKind;
  table: string;
  column: string;
  /** The column naming the row's client, when the contexts need it. */
  clientColumn?: string;
  /** The context to seal under first; the others are older ones the value may still open under. */
  contexts(row: { id: string; clientId: string }): [string, ...string[]];
};

const SEALED_COLUMNS: SealedColumn[] = [
  {
    kind: 'identity numbers',
    table: 'taxpayer_profiles',
    column: 'ssn_sealed',
    clientColumn: 'client_id',
    // A number still under the unbound context is bound to its row as it is sealed again, as a save does.
    contexts: ({ clientId }) => [identityNumberContext('taxpayer_profiles', clientId), LEGACY_SSN_CONTEXT],
  },
  {
    kind: 'identity numbers',
    table: 'spouses',
    column: 'ssn_sealed',
    clientColumn: 'client_id',
    contexts: ({ clientId }) => [identityNumberContext('spouses', clientId), LEGACY_SSN_CONTEXT],
  },
  {
    kind: 'identity numbers',
    table: 'dependents',
    column: 'ssn_sealed',
    clientColumn: 'client_id',
    contexts: ({ id, clientId }) => [identityNumberContext('dependents', clientId, id), LEGACY_SSN_CONTEXT],
  },
  { kind: 'MFA secrets', table: 'users', column: 'mfa_secret', contexts: () => [SECRET_CONTEXT] },
  { kind: 'e-mail links', table: 'email_outbox', column: 'secret', contexts: () => [LINK_CONTEXT] },
  {
    kind: 'message bodies',
    table: 'messages',
    column: 'body',
    clientColumn: 'client_id',
    contexts: ({ id, clientId }) => [bodyContext(clientId, id)],
  },
  {
    kind: 'organizer answers',
    table: 'organizer_answers',
    column: 'answers_sealed',
    clientColumn: 'client_id',
    contexts: ({ id, clientId }) => [organizerContext(clientId, id)],
  },
];

export const DEFAULT_BATCH_SIZE = 500;
/** Files re-sealed at once (each a round trip or two to the store). */
const FILE_CONCURRENCY = 8;

type Rows<T> = { rows: T[] };

function emptyReport(kind: SealedKind): KindReport {
  return { kind, total: 0, current: 0, resealed: 0, changed: 0, skipped: 0, failures: [], remaining: 0 };
}

function failureOf(where: string, id: string, sealed: string, keyring: Keyring): RotationFailure {
  const keyId = keyIdOf(sealed);
  if (!keyId) return { where, id, keyId, reason: 'not-sealed' };
  return { where, id, keyId, reason: keyring.hasKey(keyId) ? 'does-not-open' : 'unknown-key' };
}

/** Values of the column, and those not under `keyId`. */
async function countColumn(db: Database, column: SealedColumn, keyId: string) {
  const col = sql.identifier(column.column);
  const result = (await db.execute(sql`
    select count(*)::int as total, (count(*) filter (where ${col} not like ${`${sealedPrefix(keyId)}%`}))::int as stale
    from ${sql.identifier(column.table)} where ${col} is not null`)) as unknown as Rows<{
    total: number;
    stale: number;
  }>;
  const row = result.rows[0];
  return { total: Number(row?.total ?? 0), stale: Number(row?.stale ?? 0) };
}

/** The next batch of values not under `keyId`, after the row `after` in id order. */
async function readBatch(
  db: Database,
  column: SealedColumn,
  keyId: string,
  after: string | undefined,
  limit: number,
) {
  const col = sql.identifier(column.column);
  const client = column.clientColumn ? sql`${sql.identifier(column.clientColumn)}::text` : sql`''`;
  const result = (await db.execute(sql`
    select id::text as id, ${client} as client_id, ${col} as sealed
    from ${sql.identifier(column.table)}
    where ${col} is not null and ${col} not like ${`${sealedPrefix(keyId)}%`}
      ${after ? sql`and id > ${after}::uuid` : sql``}
    order by id
    limit ${limit}`)) as unknown as Rows<{ id: string; client_id: string; sealed: string }>;
  return result.rows;
}

/** The value opened under the first of its contexts that opens it; DecryptionError if none does. */
function openAny(keyring: Keyring, sealed: string, contexts: readonly string[]): Buffer {
  let last: unknown;
  for (const context of contexts) {
    try {
      return keyring.open(sealed, context);
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      last = error;
    }
  }
  throw last;
}

async function rotateColumns(
  deps: RotationDeps,
  kind: SealedKind,
  columns: SealedColumn[],
  options: Required<Pick<RotationOptions, 'dryRun' | 'batchSize'>> & RotationOptions,
): Promise<KindReport> {
  const { db, keyring } = deps;
  const report = emptyReport(kind);
  const counts = await Promise.all(columns.map((column) => countColumn(db, column, keyring.keyId)));
  const stale = counts.reduce((sum, c) => sum + c.stale, 0);
  report.total = counts.reduce((sum, c) => sum + c.total, 0);
  report.current = report.total - stale;
  let done = 0;
  options.onProgress?.({ kind, done, total: stale, resealed: report.resealed });
  for (const column of columns) {
    let after: string | undefined;
    for (;;) {
      if (options.signal?.aborted) return report;
      const rows = await readBatch(db, column, keyring.keyId, after, options.batchSize);
      if (rows.length === 0) break;
      after = rows.at(-1)?.id;
      const writes: { id: string; from: string; to: string }[] = [];
      for (const row of rows) {
        const contexts = column.contexts({ id: row.id, clientId: row.client_id });
        try {
          const plaintext = openAny(keyring, row.sealed, contexts);
          writes.push({ id: row.id, from: row.sealed, to: keyring.seal(plaintext, contexts[0]) });
        } catch (error) {
          if (!(error instanceof DecryptionError)) throw error;
          report.failures.push(failureOf(column.table, row.id, row.sealed, keyring));
        }
      }
      if (options.dryRun) {
        report.resealed += writes.length;
      } else if (writes.length > 0) {
        await db.transaction(async (tx) => {
          for (const write of writes) {
            const col = sql.identifier(column.column);
            const updated = (await tx.execute(sql`
              update ${sql.identifier(column.table)} set ${col} = ${write.to}
              where id = ${write.id}::uuid and ${col} = ${write.from}
              returning id`)) as unknown as Rows<{ id: string }>;
            if (updated.rows.length > 0) report.resealed += 1;
            else report.changed += 1;
          }
        });
      }
      done += rows.length;
      options.onProgress?.({ kind, done, total: stale, resealed: report.resealed });
    }
  }
  report.remaining = options.dryRun
    ? stale
    : (await Promise.all(columns.map((column) => countColumn(db, column, keyring.keyId)))).reduce(
        (sum, c) => sum + c.stale,
        0,
      );
  return report;
}

async function rotateFiles(
  deps: RotationDeps,
  options: Required<Pick<RotationOptions, 'dryRun' | 'batchSize'>> & RotationOptions,
): Promise<KindReport> {
  const { storage } = deps;
  const report = emptyReport('file keys');
  // Counted first, for the progress lines; objects added meanwhile are the app's, under the current key.
  for await (const _object of storage.list('')) report.total += 1;
  let done = 0;
  options.onProgress?.({ kind: 'file keys', done, total: report.total, resealed: report.resealed });
  const reseal = async (key: string) => {
    try {
      const outcome = await storage.resealKey(key, { dryRun: options.dryRun });
      if (outcome === 'unsealed') report.skipped += 1;
      else report[outcome] += 1;
    } catch (error) {
      if (error instanceof ObjectNotFoundError) report.skipped += 1;
      else if (error instanceof DecryptionError)
        report.failures.push({ where: 'storage', id: key, keyId: undefined, reason: 'does-not-open' });
      else throw error;
    }
  };
  let batch: string[] = [];
  const flush = async () => {
    for (let i = 0; i < batch.length; i += FILE_CONCURRENCY) {
      await Promise.all(batch.slice(i, i + FILE_CONCURRENCY).map(reseal));
    }
    done += batch.length;
    batch = [];
    options.onProgress?.({ kind: 'file keys', done, total: report.total, resealed: report.resealed });
  };
  for await (const object of storage.list('')) {
    if (options.signal?.aborted) return report;
    batch.push(object.key);
    if (batch.length >= options.batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  report.remaining = report.failures.length;
  return report;
}

/** Re-seal every sealed value and file key not under the keyring's current key; see the file's comment. */
export async function rotateKeys(deps: RotationDeps, options: RotationOptions = {}): Promise<RotationReport> {
  const settings = {
    ...options,
    dryRun: options.dryRun ?? false,
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
  };
  const kinds: KindReport[] = [];
  for (const kind of SEALED_KINDS) {
    if (options.signal?.aborted) break;
    kinds.push(
      kind === 'file keys'
        ? await rotateFiles(deps, settings)
        : await rotateColumns(
            deps,
            kind,
            SEALED_COLUMNS.filter((column) => column.kind === kind),
            settings,
          ),
    );
  }
  const stopped = options.signal?.aborted ?? false;
  if (!settings.dryRun) {
    const resealed = kinds.reduce((sum, k) => sum + k.resealed, 0);
    const failed = kinds.reduce((sum, k) => sum + k.failures.length, 0);
    await audit(deps.db, {
      actor: SYSTEM,
      action: 'keys.rotated',
      subject: `key ${deps.keyring.keyId}: ${resealed} re-sealed, ${failed} not opened${stopped ? ', stopped' : ''}`,
    });
  }
  return { kinds, stopped, dryRun: settings.dryRun };
}

/** Whether the run left nothing under a retired key: ENCRYPTION_KEY_PREVIOUS may then be emptied. */
export const isRotationComplete = (report: RotationReport) =>
  !report.stopped &&
  report.kinds.length === SEALED_KINDS.length &&
  report.kinds.every((k) => k.failures.length === 0 && (report.dryRun || k.remaining === 0));
