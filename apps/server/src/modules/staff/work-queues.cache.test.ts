/**
 * The queue list's statements are built once per shape (tax year, sort, direction, role, offshore, whether a
 * status and a search are given, the narrowing filters) and run with the rest as values, the page and its
 * counts in one statement (issue 39). Every shape, called one after another on the same database, must answer
 * exactly what the list built afresh for the call answers (`fresh`: no cache, the search by its words): the
 * right tax year, order, page, counts, status, search, filters, owner and analyst's scope, never the first
 * call's.
 */
import { FILE_STATUSES, STAFF_CLIENT_SORTS, type FileStatus } from '@taxfirm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling, currentTaxYear } from '../../../test/factories.ts';
import {
  signUpAndLogIn,
  staffSession,
  testStaffActor,
  useTestApp,
  type StaffSession,
} from '../../../test/helpers.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { openFiling } from '../filings/filings.service.ts';
import type { QueueNarrowing } from './queue-filters.ts';
import { listQueueRows } from './queue-listing.ts';
import type { SortColumn } from './queue-rows.ts';
import { listQueue } from './work-queues.service.ts';

const t = useTestApp();
let admin: StaffSession;
let analyst: StaffSession;
let taxYear: number;

const actorOf = (who: StaffSession, role: 'admin' | 'analyst', offshore = false) =>
  testStaffActor(who.userId, role, offshore);

beforeAll(async () => {
  taxYear = await currentTaxYear(t);
  admin = await staffSession(t, 'cache-admin@firm.example', 'admin');
  analyst = await staffSession(t, 'cache-analyst@firm.example', 'analyst');
  const names = ['Asha Rao', 'Ravi Sharma', 'Bina Das', 'Chetan Iyer', 'Divya Menon', 'Esha Nair'];
  const statuses: FileStatus[] = [FILE_STATUSES[0], FILE_STATUSES[1], FILE_STATUSES[2]];
  for (const [i, name] of names.entries()) {
    const [first = '', last = ''] = name.split(' ');
    const client = await signUpAndLogIn(t, `cache-${i}@example.com`, { first, last });
    await assignFiling(t, client, i % 2 ? analyst : null, statuses[i % statuses.length]);
    // Half the clients have last year's file too (unassigned, in the first status).
    if (i % 2 === 0) {
      await openFiling(t.database.db, {
        clientId: client.clientId,
        taxYear: taxYear - 1,
        assignedTo: null,
        comment: null,
        changedBy: null,
      });
    }
  }
});

describe('the queue list built once per shape', () => {
  it('answers every shape as the list built afresh does, whatever was asked before', async () => {
    const db = t.database.db;
    type Shape = QueueNarrowing & {
      column: SortColumn;
      dir: 'asc' | 'desc';
      status: FileStatus | undefined;
      search: string;
    };
    const shapes: Shape[] = [
      ...STAFF_CLIENT_SORTS.flatMap((column) =>
        (['asc', 'desc'] as const).map((dir) => ({ column, dir, status: undefined, search: '' })),
      ),
      { column: 'name' as const, dir: 'asc' as const, status: FILE_STATUSES[1], search: '' },
      { column: 'name' as const, dir: 'asc' as const, status: FILE_STATUSES[0], search: '' },
      { column: 'name' as const, dir: 'desc' as const, status: undefined, search: 'sharma' },
      { column: 'name' as const, dir: 'desc' as const, status: undefined, search: 'a' },
      { column: 'updated' as const, dir: 'desc' as const, status: FILE_STATUSES[0], search: 'a' },
      {
        column: 'updated' as const,
        dir: 'desc' as const,
        status: undefined,
        search: '',
        waiting: 'client' as const,
      },
      { column: 'name' as const, dir: 'asc' as const, status: undefined, search: '', owner: 'unassigned' },
      { column: 'name' as const, dir: 'asc' as const, status: undefined, search: 'a', owner: 'analyst' },
      {
        column: 'next_due' as const,
        dir: 'asc' as const,
        status: undefined,
        search: '',
        due: 'overdue' as const,
      },
      { column: 'updated' as const, dir: 'desc' as const, status: undefined, search: '', unattendedDays: 1 },
      {
        column: 'updated' as const,
        dir: 'asc' as const,
        status: undefined,
        search: '',
        organizer: 'not_started' as const,
      },
    ];
    const actors = [actorOf(admin, 'admin'), actorOf(analyst, 'analyst'), actorOf(admin, 'admin', true)];
    const pages = [
      { start: 0, length: 25 },
      { start: 0, length: 2 },
      { start: 2, length: 2 },
      { start: 10, length: 5 },
    ];
    let compared = 0;
    for (const year of [taxYear, taxYear - 1, taxYear]) {
      for (const actor of actors) {
        for (const shape of shapes) {
          for (const slice of pages) {
            const page = { draw: 1, ...slice, search: { value: shape.search } };
            const sort = { column: shape.column, dir: shape.dir };
            // An owner is for admins; "analyst" stands for the analyst's id.
            if (shape.owner && actor.role !== 'admin') continue;
            const owner = shape.owner === 'analyst' ? analyst.userId : shape.owner;
            const { column, dir, status, search, ...narrowing } = { ...shape, owner };
            const listed = await listQueue(db, actor, { taxYear: year, status, page, sort, ...narrowing });
            const fresh = await listQueueRows(
              db,
              actor,
              { taxYear: year, status, narrowing, search, sort: { column, dir }, slice },
              { fresh: true },
            );
            expect(listed, JSON.stringify({ year, role: actor.role, shape, slice })).toEqual(fresh);
            compared += fresh.data.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
    // About 1,600 listings, each also built afresh: minutes on a busy machine.
  }, 180_000);

  it('keeps each tax year, status and analyst apart', async () => {
    const db = t.database.db;
    const page = { draw: 1, start: 0, length: 25, search: { value: '' } };
    const sort = { column: 'name' as const, dir: 'asc' as const };
    const list = async (actor: StaffActor, year: number, status?: FileStatus) =>
      (await listQueue(db, actor, { taxYear: year, status, page, sort })).data.map((row) => row.name);
    expect(await list(actorOf(admin, 'admin'), taxYear)).toEqual([
      'Asha Rao',
      'Bina Das',
      'Chetan Iyer',
      'Divya Menon',
      'Esha Nair',
      'Ravi Sharma',
    ]);
    expect(await list(actorOf(admin, 'admin'), taxYear - 1)).toEqual(['Asha Rao', 'Bina Das', 'Divya Menon']);
    expect(await list(actorOf(admin, 'admin'), taxYear, FILE_STATUSES[1])).toEqual([
      'Divya Menon',
      'Ravi Sharma',
    ]);
    // The analyst: their own files (the odd ones), and the unassigned ones waiting in the first status.
    const theirs = await list(actorOf(analyst, 'analyst'), taxYear);
    const other = await staffSession(t, 'cache-analyst-2@firm.example', 'analyst');
    const others = await list(actorOf(other, 'analyst'), taxYear);
    expect(theirs).toEqual(expect.arrayContaining(['Ravi Sharma', 'Chetan Iyer', 'Esha Nair']));
    expect(others).not.toEqual(expect.arrayContaining(['Ravi Sharma']));
    expect(theirs.length).toBeGreaterThan(others.length);
  });
});
