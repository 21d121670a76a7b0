/**
 * The queue's search box (issue 39): the list looks the matching clients up once and hands their ids to its
 * queries; a saved view's count and a bulk action's selection search in their own statement. Both must find
 * the same files, for names, e-mails, wildcards and nothing at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { countQueueQuery } from './work-queues.service.ts';

const t = useTestApp();
let admin: { sid: string; userId: string };

beforeAll(async () => {
  admin = await staffSession(t, 'search-admin@firm.example', 'admin');
  await signUpAndLogIn(t, 'asha.sharma@example.com', { first: 'Asha', last: 'Sharma' });
  await signUpAndLogIn(t, 'ravi@example.com', { first: 'Ravi', last: 'Sharma' });
  await signUpAndLogIn(t, 'sharma.fan@example.com', { first: 'Bina', last: 'Das' });
  await signUpAndLogIn(t, 'under_score@example.com', { first: 'Chetan', last: 'Iyer' });
  await signUpAndLogIn(t, 'plain@example.com', { first: 'Divya', last: 'Menon' });
});

describe('the queue search, looked up once or searched in place', () => {
  it('finds the same files for the list, a saved view and a bulk selection', async () => {
    const taxYear = await currentTaxYear(t);
    const actor: StaffActor = {
      kind: 'staff',
      userId: admin.userId,
      role: 'admin',
      offshore: false,
      ip: '127.0.0.1',
      userAgent: 'test',
    };
    const cases: [string, string[]][] = [
      ['sharma', ['Asha Sharma', 'Bina Das', 'Ravi Sharma']],
      ['SHARMA@', ['Asha Sharma']],
      ['_', ['Chetan Iyer']],
      ['%', []],
      ['nobody at all', []],
    ];
    for (const [term, names] of cases) {
      const res = await t.postAs(admin.sid, '/api/staff/clients/list', {
        taxy: taxYear,
        sort: { column: 'name', dir: 'asc' },
        dataTablesParameters: { draw: 1, start: 0, length: 25, search: { value: term } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { recordsTotal: number; recordsFiltered: number; data: { name: string }[] };
      expect(
        body.data.map((row) => row.name),
        term,
      ).toEqual(names);
      expect(body.recordsFiltered).toBe(names.length);
      expect(body.recordsTotal).toBe(5);
      const viewCount = await countQueueQuery(t.database.db, actor, taxYear, {
        status: undefined,
        search: term,
      });
      expect(viewCount, term).toBe(names.length);
    }
    // A page of a search: the second of the three Sharma matches by name.
    const second = await t.postAs(admin.sid, '/api/staff/clients/list', {
      taxy: taxYear,
      sort: { column: 'name', dir: 'asc' },
      dataTablesParameters: { draw: 1, start: 1, length: 1, search: { value: 'sharma' } },
    });
    expect(second.json()).toMatchObject({ recordsFiltered: 3, data: [{ name: 'Bina Das' }] });
  });
});
