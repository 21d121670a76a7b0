import { eq, siteSettings } from '@taxfirm/db';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();

describe('settings/getsettings', () => {
  it('answers the seeded settings list with the specification defaults', async () => {
    const res = await t.post('/api/settings/getsettings', {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.http_code).toBe(200);
    expect(body.status_smessage).toBe('Success');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      officedays: 'Mon to Fri',
      officetimings: '9:30AM CST to 6:30PM CST',
      sitepopupsetting: false,
      popuptype: 1,
    });
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'corporateoffice',
        'current_tax_year',
        'firm_name',
        'hosted_button_id',
        'offer_end_date',
        'reviews_url',
        'indianphonenumber',
        'officedays',
        'officetimings',
        'popuptype',
        'processingcenter',
        'site_email',
        'sitepopupsetting',
        'usphonenumber',
        'facebook_url',
        'twitter_url',
        'linkedin_url',
        'instagram_url',
        'youtube_url',
      ].sort(),
    );
  });

  it('is one route under both spellings of its path', async () => {
    const plain = await t.post('/api/settings/getsettings', {});
    const slashed = await t.post('/api//settings/getsettings', {});
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
  });

  it('accepts the user_id the old client adds to every post, and a post with no body at all', async () => {
    expect((await t.post('/api/settings/getsettings', { user_id: '42' })).statusCode).toBe(200);
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/settings/getsettings',
      cookies: { 'XSRF-TOKEN': t.csrfToken },
      headers: { 'X-XSRF-TOKEN': t.csrfToken },
    });
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json().data).toHaveLength(1);
  });

  it('shows a change made in the database at once, whoever made it (the cache listens for changes)', async () => {
    await t.post('/api/settings/getsettings', {}); // warm the cache
    await t.database.db
      .update(siteSettings)
      .set({ siteEmail: 'desk@firm.example', popupEnabled: true, popupType: 3 })
      .where(eq(siteSettings.singleton, true));
    // The trigger's NOTIFY reaches the app's listener asynchronously: within moments, not a TTL.
    await vi.waitFor(
      async () => {
        const res = await t.post('/api/settings/getsettings', {});
        expect(res.json().data[0]).toMatchObject({
          site_email: 'desk@firm.example',
          sitepopupsetting: true,
          popuptype: 3,
        });
      },
      { timeout: 2000, interval: 20 },
    );
  });
});

describe('settings/taxyears', () => {
  it('answers the tax years from the current one down to the first, newest first', async () => {
    await t.database.db
      .update(siteSettings)
      .set({ currentTaxYear: 2025, firstTaxYear: 2021 })
      .where(eq(siteSettings.singleton, true));
    const res = await t.post('/api/settings/taxyears');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      http_code: 200,
      status_smessage: 'Success',
      taxyears: [2025, 2024, 2023, 2022, 2021],
    });
  });
});
