/**
 * One demo client's file as the seed builds it (what every part of the demo adds to reads from here), and
 * the filing's own story: its way through the statuses, and last year's return.
 */
import { FILE_STATUSES, INITIAL_FILE_STATUS, type FileStatus } from '@taxfirm/contract';
import { clients, deliverables, eq, filings, filingStatusHistory, type Database } from '@taxfirm/db';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { seedLastYearOrganizer } from './demo-organizer.ts';
import type { Random } from './demo-random.ts';

export const DAY_MS = 86_400_000;

/** A demo client with their account and this year's filing made, and what the seed chose for them. */
export type DemoFile = {
  db: Database;
  keyring: Keyring;
  storage: ObjectStorage;
  r: Random;
  /** The client's place in the seed (1-based numbers in addresses come from it). */
  i: number;
  current: number;
  status: FileStatus;
  /** The analyst the file goes to, and the admin who assigns it. */
  analyst: string;
  adminId: string;
  userId: string;
  clientId: string;
  filingId: string;
  email: string;
  first: string;
  last: string;
  phone: string;
  india: boolean;
  /** When the filing entered its status (`seedStatusPath` sets it; registration until then). */
  statusSince: Date;
  /** Running numbers across the whole demo: file numbers and invoice numbers handed out so far. */
  seq: { file: number; invoice: number };
};

/** Where a filing stands on its way to `status`: the statuses it passed through, in order. */
function pathTo(status: FileStatus): FileStatus[] {
  if (status === 'Cancel Filing') return ['Basic Info Pending', 'Cancel Filing'];
  const end = FILE_STATUSES.indexOf(status);
  return FILE_STATUSES.slice(1, end + 1).filter((s) => s !== 'Paper-Filing Pending' || status === s);
}
export const reached = (status: FileStatus, mark: FileStatus) =>
  status !== 'Cancel Filing' && FILE_STATUSES.indexOf(status) >= FILE_STATUSES.indexOf(mark);

/** The file's way through the statuses, as staff moved it. */
export async function seedStatusPath(f: DemoFile): Promise<void> {
  const { db, status, analyst, adminId, clientId, filingId, current } = f;
  if (status !== INITIAL_FILE_STATUS) {
    f.seq.file += 1;
    const steps = pathTo(status);
    // The file entered its status 1 to 20 days ago (some past the firm's idle thresholds), three days a step
    // before that.
    const entered = Date.now() - (1 + ((f.i * 5) % 20)) * DAY_MS - 3_600_000;
    const started = entered - (steps.length - 1) * 3 * DAY_MS;
    f.statusSince = new Date(entered);
    await db.transaction(async (tx) => {
      await tx
        .update(filings)
        .set({ status, assignedTo: analyst, statusSince: f.statusSince })
        .where(eq(filings.id, filingId));
      await tx
        .update(clients)
        .set({ fileNumber: `${current}-${String(f.seq.file).padStart(4, '0')}` })
        .where(eq(clients.id, clientId));
      await tx.insert(filingStatusHistory).values(
        steps.map((to, k) => ({
          filingId,
          fromStatus: k === 0 ? INITIAL_FILE_STATUS : steps[k - 1],
          toStatus: to,
          comment: k === 0 ? 'Assigned' : to === 'Cancel Filing' ? 'Client filing elsewhere this year' : null,
          changedBy: k === 0 ? adminId : analyst,
          createdAt: new Date(started + k * 3 * DAY_MS),
        })),
      );
    });
  }
}

/**
 * What the firm files for the file besides the federal return (issue 35), chosen from the client's place in the
 * seed so the rest of the demo's chances stay as they were: for a client with ties to India the ITR and the FBAR
 * (the FBAR extended for every other one), a New Jersey return for every third client, and the extension
 * recorded on every seventh file that is under way.
 */
export async function seedDeliverables(f: DemoFile): Promise<void> {
  const { db, i, india, analyst, adminId, filingId, status } = f;
  const owner = status === INITIAL_FILE_STATUS ? null : analyst;
  const rows: (typeof deliverables.$inferInsert)[] = [];
  if (india) {
    rows.push(
      { filingId, kind: 'itr', ownerId: owner, createdBy: adminId, status: 'waiting_on_client' },
      { filingId, kind: 'fbar', ownerId: owner, createdBy: adminId, extended: i % 2 === 0 },
    );
  }
  if (i % 3 === 0)
    rows.push({ filingId, kind: 'state', label: 'New Jersey', ownerId: owner, createdBy: adminId });
  if (rows.length > 0) await db.insert(deliverables).values(rows);
  if (owner && i % 7 === 0) await db.update(filings).set({ extended: true }).where(eq(filings.id, filingId));
}

/** Last year's return, done (or, now and then, cancelled), for three clients in five. */
export async function seedPreviousYear(f: DemoFile): Promise<void> {
  const { db, r, analyst, clientId } = f;
  const previous = f.current - 1;
  if (r.chance(0.6)) {
    const last_year = r.chance(0.9)
      ? r.pick(['E-Filing Complete', 'Filing Docs Sent'] as const)
      : 'Cancel Filing';
    const [old] = await db
      .insert(filings)
      .values({ clientId, taxYear: previous, status: last_year, assignedTo: analyst })
      .returning({ id: filings.id });
    if (!old) throw new Error('previous filing not made');
    await db.insert(filingStatusHistory).values([
      {
        filingId: old.id,
        toStatus: INITIAL_FILE_STATUS,
        comment: 'Registered in the client portal',
        createdAt: new Date(Date.now() - 400 * DAY_MS),
      },
      {
        filingId: old.id,
        fromStatus: INITIAL_FILE_STATUS,
        toStatus: last_year,
        comment: null,
        changedBy: analyst,
        createdAt: new Date(Date.now() - 300 * DAY_MS),
      },
    ]);
    if (f.india) await seedLastYearOrganizer(f, { id: old.id, taxYear: previous, status: last_year });
  }
}
