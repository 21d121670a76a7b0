/**
 * The queue's search box (issue 39): the list looks the matching clients up once and hands their ids to its
 * queries; a saved view's count and a bulk action's selection search in their own statement. Both must find
 * the same files, for names, e-mails, wildcards and nothing at all. The clients' search text (migration 0045)
 * follows a new e-mail, phone and file number, and matches each of them on its own, as the columns did.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import {
  signUpAndLogIn,
  staffSession,
  stepUpSession,
  testStaffActor,
  useTestApp,
  type ClientSession,
} from '../../../test/helpers.ts';
import { countQueueQuery } from './work-queues.service.ts';

const t = useTestApp();
let admin: { sid: string; userId: string };
let divya: ClientSession;

beforeAll(async () => {
  admin = await staffSession(t, 'search-admin@firm.example', 'admin');
  await signUpAndLogIn(t, 'asha.sharma@example.com', { first: 'Asha', last: 'Sharma' });
  await signUpAndLogIn(t, 'ravi@example.com', { first: 'Ravi', last: 'Sharma' });
  await signUpAndLogIn(t, 'sharma.fan@example.com', { first: 'Bina', last: 'Das' });
  await signUpAndLogIn(t, 'under_score@example.com', { first: 'Chetan', last: 'Iyer' });
  divya = await signUpAndLogIn(t, 'plain@example.com', { first: 'Divya', last: 'Menon' });
});

describe('the queue search, looked up once or searched in place', () => {
  it('finds the same files for the list, a saved view and a bulk selection', async () => {
    const taxYear = await currentTaxYear(t);
    const actor = testStaffActor(admin.userId);
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

describe('the search text, kept by the database', () => {
  /** The names the list finds for a term, and the count a saved view finds (its own statement). */
  async function found(term: string): Promise<string[]> {
    const taxYear = await currentTaxYear(t);
    const res = await t.postAs(admin.sid, '/api/staff/clients/list', {
      taxy: taxYear,
      sort: { column: 'name', dir: 'asc' },
      dataTablesParameters: { draw: 1, start: 0, length: 25, search: { value: term } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json() as { data: { name: string }[] }).data.map((row) => row.name);
    const actor = testStaffActor(admin.userId);
    expect(
      await countQueueQuery(t.database.db, actor, taxYear, { status: undefined, search: term }),
      term,
    ).toBe(names.length);
    return names;
  }

  it("follows a new file number, e-mail and phone, and never a household member's own login", async () => {
    const number = await t.postAs(admin.sid, '/api/staff/clients/filenumber', {
      client_id: divya.clientId,
      file_number: 'TF-2025-077',
    });
    expect(number.statusCode, number.body).toBe(200);
    expect(await found('tf-2025-07')).toEqual(['Divya Menon']);

    await stepUpSession(t, admin.sid);
    const contact = await t.postAs(admin.sid, '/api/staff/clients/contact', {
      client_id: divya.clientId,
      email: 'divya.moved@example.com',
      phone_ext: 'INDIA',
      phone: '98765-43210',
    });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(await found('plain@')).toEqual([]);
    expect(await found('DIVYA.MOVED')).toEqual(['Divya Menon']);
    expect(await found('(987) 65-43')).toEqual(['Divya Menon']);

    // A household member (issue 38) signs in with a login of their own: the search reads the holder's only.
    const holder = await t.post('/api/login/check', {
      email: 'divya.moved@example.com',
      password: 'a long test password',
    });
    const holderSid = holder.cookies.find((c) => c.name === 'sid')?.value ?? '';
    await stepUpSession(t, holderSid);
    const invited = await t.postAs(holderSid, '/api/account/household/invite', {
      kind: 'spouse',
      first_name: 'Kiran',
      last_name: 'Pillai',
      email: 'kiran.spouse@example.com',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await found('kiran.spouse')).toEqual([]);
    expect(await found('Pillai')).toEqual([]);
  });

  it('matches each of name, file number, phone and e-mail on its own, as the columns did', async () => {
    // Across the name and the file number: in the search text, in no column.
    expect(await found('Menon\nTF-2025')).toEqual([]);
    // Two digits of the phone: too few to search the phone by (and in no other column).
    expect(await found('43')).toEqual([]);
    expect(await found('menon')).toEqual(['Divya Menon']);
  });
});
