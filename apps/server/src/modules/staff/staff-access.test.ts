/**
 * Every staff call of the call table, and every staff download, checks the role on the server: a client
 * session is refused (403), no session is refused (401), and an analyst is refused every admin call (403).
 * The list is read from the table itself, so a call added later is covered without being named here.
 */
import { CALLS } from '@taxfirm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
let client: { sid: string };
let analyst: { sid: string };

beforeAll(async () => {
  client = await signUpAndLogIn(t, 'curious.client@example.com');
  analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
});

const guarded = Object.values(CALLS).filter((call) => call.access === 'staff' || call.access === 'admin');
const adminOnly = guarded.filter((call) => call.access === 'admin');

/** The staff console's GET routes (downloads and exports), found from the server's own route table. */
const staffDownloads = () =>
  t.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .map((line) => /(\/api\/staff\/\S+) \(GET/.exec(line.replace(/[│├└─\s]+/, ''))?.[1])
    .filter((path): path is string => Boolean(path));

describe('the staff console refuses anyone but staff, on the server', () => {
  it('covers every staff call of the table', () => {
    // The console's calls: sign-in steps are public, everything else is guarded.
    expect(guarded.length).toBeGreaterThan(30);
    expect(guarded.every((call) => call.path.startsWith('staff/'))).toBe(true);
    expect(
      Object.values(CALLS).filter(
        (call) =>
          call.path.startsWith('staff/') && call.access === 'public' && !call.path.startsWith('staff/login'),
      ),
    ).toEqual([]);
  });

  it('answers a client session 403 and no session 401 on every staff call', async () => {
    for (const call of guarded) {
      const asClient = await t.postAs(client.sid, `/api/${call.path}`, {});
      expect(asClient.statusCode, call.path).toBe(403);
      expect(asClient.body, call.path).not.toMatch(/client_id|first_name|email/);
      const anonymous = await t.post(`/api/${call.path}`, {});
      expect(anonymous.statusCode, call.path).toBe(401);
    }
  });

  it('answers an analyst 403 on every admin call', async () => {
    expect(adminOnly.map((call) => call.path)).toEqual(
      expect.arrayContaining([
        'staff/team/invite',
        'staff/settings/save',
        'staff/audit/list',
        'staff/templates/save',
        'staff/clients/contact',
      ]),
    );
    for (const call of adminOnly) {
      expect((await t.postAs(analyst.sid, `/api/${call.path}`, {})).statusCode, call.path).toBe(403);
    }
  });

  it('refuses a client session and no session on every staff download and export', async () => {
    const downloads = staffDownloads();
    expect(downloads).toEqual(
      expect.arrayContaining([
        '/api/staff/documents/file',
        '/api/staff/documents/zip',
        '/api/staff/inbox/careers/resume',
        '/api/staff/inbox/export/payments',
      ]),
    );
    for (const path of downloads) {
      const url = path.replace(/:(\w+)/g, 'x');
      expect((await t.getAs(client.sid, url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
