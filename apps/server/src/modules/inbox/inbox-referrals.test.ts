import { describe, expect, it } from 'vitest';
import { admin, client, t, taxYear, useInboxApp } from './testing/inbox-kit.ts';

useInboxApp();

describe('staff/inbox/referrals/list', () => {
  const list = (body: Record<string, unknown>) =>
    t.postAs(admin.sid, '/api/staff/inbox/referrals/list', body);

  it('lists who referred whom, with the referring client when there is one', async () => {
    const res = await list({});
    expect(res.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        tax_year: taxYear - 1,
        referrer_name: 'Kiran Patel',
        friend_name: 'Amit Gupta',
        friend_phone: '+91 98765-43210',
        comment: 'Met at work',
        client_id: client.clientId,
        client_name: 'Kiran Patel',
        client_file_number: 'TF-0042',
      }),
      expect.objectContaining({ referrer_name: 'Visitor Vik', client_id: null, client_name: null }),
    ]);
  });

  it('filters by tax year, searches (the client’s file number too) and sorts', async () => {
    const year = await list({ taxy: taxYear });
    expect(year.json()).toMatchObject({ recordsTotal: 1, recordsFiltered: 1 });
    expect(year.json().data[0].referrer_name).toBe('Visitor Vik');
    const byFile = await list({ dataTablesParameters: { search: { value: 'tf-0042' } } });
    expect(byFile.json().data.map((r: { friend_name: string }) => r.friend_name)).toEqual(['Amit Gupta']);
    const byFriend = await list({ sort: { column: 'friend', dir: 'desc' } });
    expect(byFriend.json().data.map((r: { friend_name: string }) => r.friend_name)).toEqual([
      'Friend Farah',
      'Amit Gupta',
    ]);
  });
});
