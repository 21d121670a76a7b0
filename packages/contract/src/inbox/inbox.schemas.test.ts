import { describe, expect, it } from 'vitest';
import {
  inboxContactListBodySchema,
  inboxExportHref,
  inboxPaymentExportQuerySchema,
  inboxPaymentListBodySchema,
  inboxResumeHref,
  contactStatusBodySchema,
} from './inbox.schemas.ts';

describe('inbox list bodies', () => {
  it('defaults to the newest first, 25 a page', () => {
    expect(inboxContactListBodySchema.parse({})).toEqual({
      dataTablesParameters: { draw: 1, start: 0, length: 25 },
      sort: { column: 'received', dir: 'desc' },
    });
  });

  it('takes a payment date range in order, both ends MM-DD-YYYY', () => {
    expect(inboxPaymentListBodySchema.safeParse({ from: '03-01-2026', to: '03-01-2026' }).success).toBe(true);
    const reversed = inboxPaymentListBodySchema.safeParse({ from: '03-02-2026', to: '03-01-2026' });
    expect(reversed.error?.issues).toEqual([
      expect.objectContaining({ path: ['to'], message: 'The start date must not be after the end date.' }),
    ]);
    expect(inboxPaymentListBodySchema.safeParse({ from: '2026-03-01' }).success).toBe(false);
    expect(inboxPaymentListBodySchema.parse({ from: '', to: null })).not.toHaveProperty('from', '');
  });
});

describe('contactStatusBodySchema', () => {
  it('accepts the four statuses only, with a message for anything else', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const status of ['new', 'follow up', 'registered', 'no response']) {
      expect(contactStatusBodySchema.safeParse({ message_id: id, status }).success, status).toBe(true);
    }
    expect(
      contactStatusBodySchema.safeParse({ message_id: id, status: 'spam' }).error?.issues[0]?.message,
    ).toBe('Choose new, follow up, registered or no response.');
  });
});

describe('export and résumé links', () => {
  it('puts the filters in the query string, leaving out blanks, and they parse back', () => {
    const href = inboxExportHref('payments', {
      status: 'paid',
      taxy: 2025,
      from: '01-01-2026',
      to: '',
      search: 'a&b=c',
      sort: 'amount',
      dir: 'asc',
      x: undefined,
    });
    expect(href).toBe(
      '/api/staff/inbox/export/payments?status=paid&taxy=2025&from=01-01-2026&search=a%26b%3Dc&sort=amount&dir=asc',
    );
    const query = Object.fromEntries(new URL(href, 'http://x').searchParams);
    expect(inboxPaymentExportQuerySchema.parse(query)).toEqual({
      status: 'paid',
      taxy: 2025,
      from: '01-01-2026',
      to: undefined,
      search: 'a&b=c',
      sort: 'amount',
      dir: 'asc',
    });
    expect(inboxExportHref('referrals', {})).toBe('/api/staff/inbox/export/referrals');
  });

  it('names the application in the résumé link', () => {
    expect(inboxResumeHref('abc')).toBe('/api/staff/inbox/careers/resume?id=abc');
  });
});
