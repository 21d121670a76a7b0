import { DEFAULT_IDLE_DAYS, MESSAGES } from '@taxfirm/contract';
import { asc, auditLog, eq, siteSettings } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import { expectFieldErrors } from '../../../test/answers.ts';

const t = useTestApp();
let admin: { sid: string; userId: string };
let analyst: { sid: string; userId: string };
let client: { sid: string };

beforeAll(async () => {
  admin = await staffSession(t, 'admin@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
  client = await signUpAndLogIn(t, 'client@example.com');
});

const nextYear = new Date().getFullYear() + 1;

/** Every field, each changed from the seeded defaults. */
const everything = {
  firm_name: 'Northwind Tax Partners',
  site_email: 'hello@northwind.example',
  usphonenumber: '(469)-555-0199',
  indianphonenumber: '98765-43210',
  officedays: 'Mon to Sat',
  officetimings: '9AM CST to 5PM CST',
  corporateoffice: '1 Elm Street, Austin, TX',
  processingcenter: 'Pune, India',
  facebook_url: 'https://facebook.com/northwind',
  twitter_url: 'https://x.com/northwind',
  linkedin_url: 'https://www.linkedin.com/company/northwind',
  instagram_url: 'https://instagram.com/northwind',
  youtube_url: 'https://youtube.com/@northwind',
  reviews_url: 'https://reviews.example/northwind',
  sitepopupsetting: true,
  popuptype: 2,
  offer_end_date: `${nextYear}-01-31`,
  hosted_button_id: 'ABC123_x-9',
  current_tax_year: nextYear,
  first_tax_year: 2019,
  file_number_format: 'NW/{YYYY}_{NNNNN}',
  reminder_first_days: 2,
  reminder_every_days: 5,
  reminder_max: 3,
  email_logo_url: 'https://cdn.example.com/meridian-logo.png',
  digest_hour: 8,
  invoice_inr_enabled: true,
  invoice_part_payments: true,
  invoice_hold_summary: true,
  idle_days: { ...DEFAULT_IDLE_DAYS, 'Review Pending': 3, 'Payment Pending': 0 },
};

const stored = async () => {
  const [row] = await t.database.db.select().from(siteSettings);
  return row;
};
const settingsAudits = async () =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'staff.settings.save'))
    .orderBy(asc(auditLog.seq));

/** The admin saves every field of `everything`, with `changes` on top. */
const saveWith = (changes: Record<string, unknown>) =>
  t.postAs(admin.sid, '/api/staff/settings/save', { ...everything, ...changes });
/** What 'audits only the fields that changed' saves: a new firm name, two optional fields cleared. */
const RENAMED_AND_CLEARED = { firm_name: 'Northwind Tax', twitter_url: '', offer_end_date: '' };

describe('staff/settings access', () => {
  it('refuses an analyst (403), a client (403) and no session (401), and changes nothing', async () => {
    const before = await stored();
    for (const path of ['/api/staff/settings/get', '/api/staff/settings/save']) {
      const body = path.endsWith('save') ? everything : {};
      const byAnalyst = await t.postAs(analyst.sid, path, body);
      expect(byAnalyst.statusCode, path).toBe(403);
      expect(byAnalyst.json().code).toBe('FORBIDDEN');
      expect((await t.postAs(client.sid, path, body)).statusCode, path).toBe(403);
      expect((await t.post(path, body)).statusCode, path).toBe(401);
    }
    expect(await stored()).toEqual(before);
    expect(await settingsAudits()).toEqual([]);
  });
});

describe('staff/settings/get', () => {
  it('answers every setting to an admin', async () => {
    const res = await t.postAs(admin.sid, '/api/staff/settings/get', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      firm_name: 'Meridian Tax & Accounting',
      officedays: 'Mon to Fri',
      file_number_format: '{YYYY}-{NNNN}',
      facebook_url: '',
      offer_end_date: '',
      first_tax_year: expect.any(Number),
      // The checklist reminders' defaults: 3 days after the request, then weekly, at most 5 times.
      reminder_first_days: 3,
      reminder_every_days: 7,
      reminder_max: 5,
    });
    expect(Object.keys(res.json().settings).sort()).toEqual(Object.keys(everything).sort());
  });
});

describe('staff/settings/save', () => {
  it('saves every field; getsettings answers them at once, and the save is audited with the changed fields', async () => {
    await t.post('/api/settings/getsettings'); // the public settings are cached now
    const res = await saveWith({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.SETTINGS_SAVED);
    expect(res.json().settings).toEqual(everything);

    // No waiting: the very next request in this app answers the new values.
    const pub = (await t.post('/api/settings/getsettings')).json().data[0];
    const {
      first_tax_year: _first,
      file_number_format: _format,
      reminder_first_days: _firstDays,
      reminder_every_days: _everyDays,
      reminder_max: _max,
      email_logo_url: _logo,
      digest_hour: _hour,
      invoice_inr_enabled: _inr,
      invoice_part_payments: _part,
      invoice_hold_summary: _hold,
      idle_days: _idle,
      ...publicFields
    } = everything;
    expect(pub).toEqual(publicFields);
    expect(await stored()).toMatchObject({
      reminderFirstDays: 2,
      reminderEveryDays: 5,
      reminderMax: 3,
      emailLogoUrl: 'https://cdn.example.com/meridian-logo.png',
      digestHour: 8,
      invoiceInrEnabled: true,
      invoicePartPayments: true,
      invoiceHoldSummary: true,
    });
    expect((await t.postAs(admin.sid, '/api/staff/settings/get', {})).json().settings).toEqual(everything);
    expect((await t.post('/api/settings/taxyears')).json().taxyears.at(-1)).toBe(2019);

    const [entry] = await settingsAudits();
    expect(entry).toMatchObject({ actorUserId: admin.userId, clientId: null });
    expect(entry?.subject?.split(',').sort()).toEqual(Object.keys(everything).sort());
  });

  it('audits only the fields that changed, and clears optional ones', async () => {
    const res = await saveWith(RENAMED_AND_CLEARED);
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored();
    expect(row).toMatchObject({ firmName: 'Northwind Tax', twitterUrl: '', offerEndsOn: null });
    const last = (await settingsAudits()).at(-1);
    expect(last?.subject?.split(',').sort()).toEqual(['firm_name', 'offer_end_date', 'twitter_url']);
  });

  const invalid: [string, unknown, string][] = [
    ['firm_name', '  ', MESSAGES.SETTINGS_FIRM_NAME_REQUIRED],
    ['site_email', 'not-an-email', MESSAGES.EMAIL_INVALID],
    ['site_email', '', MESSAGES.SETTINGS_SITE_EMAIL_REQUIRED],
    ['usphonenumber', '', MESSAGES.SETTINGS_US_PHONE_REQUIRED],
    ['usphonenumber', '469<script>', MESSAGES.SETTINGS_PHONE_INVALID],
    ['indianphonenumber', 'call us', MESSAGES.SETTINGS_PHONE_INVALID],
    ['officedays', '', MESSAGES.SETTINGS_OFFICE_DAYS_REQUIRED],
    ['officetimings', '', MESSAGES.SETTINGS_OFFICE_TIMINGS_REQUIRED],
    ['corporateoffice', '', MESSAGES.SETTINGS_CORPORATE_OFFICE_REQUIRED],
    ['processingcenter', 'a\u0000b', MESSAGES.TEXT_NUL],
    ['facebook_url', 'http://facebook.com/firm', MESSAGES.SETTINGS_URL_HTTPS],
    ['twitter_url', 'javascript:alert(1)', MESSAGES.SETTINGS_URL_HTTPS],
    ['linkedin_url', 'linkedin.com/firm', MESSAGES.SETTINGS_URL_HTTPS],
    ['instagram_url', 'https://', MESSAGES.SETTINGS_URL_HTTPS],
    ['youtube_url', 'https://you tube.com', MESSAGES.SETTINGS_URL_HTTPS],
    ['reviews_url', 'ftp://reviews.example', MESSAGES.SETTINGS_URL_HTTPS],
    ['popuptype', 4, MESSAGES.SETTINGS_POPUP_TYPE_INVALID],
    ['offer_end_date', '01-31-2027', MESSAGES.SETTINGS_OFFER_DATE_INVALID],
    ['offer_end_date', '2027-02-30', MESSAGES.SETTINGS_OFFER_DATE_INVALID],
    ['hosted_button_id', 'abc"><script>', MESSAGES.SETTINGS_BUTTON_ID_INVALID],
    ['current_tax_year', 1999, MESSAGES.SETTINGS_TAX_YEAR_INVALID],
    ['current_tax_year', nextYear + 1, MESSAGES.SETTINGS_TAX_YEAR_TOO_LATE],
    ['first_tax_year', 'soon', MESSAGES.SETTINGS_TAX_YEAR_INVALID],
    ['file_number_format', 'TF{YY}', MESSAGES.FILE_NUMBER_FORMAT_SEQUENCE],
    ['file_number_format', 'TF {NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['file_number_format', '', MESSAGES.FILE_NUMBER_FORMAT_REQUIRED],
    ['reminder_first_days', 0, MESSAGES.SETTINGS_REMINDER_INVALID],
    ['reminder_first_days', 'soon', MESSAGES.SETTINGS_REMINDER_INVALID],
    ['reminder_every_days', 61, MESSAGES.SETTINGS_REMINDER_INVALID],
    ['reminder_every_days', 2.5, MESSAGES.SETTINGS_REMINDER_INVALID],
    ['reminder_max', -1, MESSAGES.SETTINGS_REMINDER_INVALID],
    ['reminder_max', 21, MESSAGES.SETTINGS_REMINDER_INVALID],
    ['email_logo_url', 'http://cdn.example.com/logo.png', MESSAGES.SETTINGS_LOGO_URL_INVALID],
    ['email_logo_url', 'https://x.example/"><script>', MESSAGES.SETTINGS_LOGO_URL_INVALID],
    ['digest_hour', 24, MESSAGES.SETTINGS_DIGEST_HOUR_INVALID],
    ['digest_hour', -1, MESSAGES.SETTINGS_DIGEST_HOUR_INVALID],
    ['idle_days', { 'Lunch Pending': 3 }, MESSAGES.SETTINGS_IDLE_DAYS_INVALID],
    ['idle_days', 'often', MESSAGES.SETTINGS_IDLE_DAYS_INVALID],
  ];
  it.each(invalid)(
    'refuses %s = %j with its message (400) and stores nothing',
    async (field, value, message) => {
      const before = await stored();
      const audits = (await settingsAudits()).length;
      const res = await saveWith({ firm_name: 'Should Not Be Stored', [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details[field]).toBe(message);
      expect(await stored()).toEqual(before);
      expect(await settingsAudits()).toHaveLength(audits);
    },
  );

  it.each([-1, 366, 2.5, 'soon'])(
    "refuses an idle threshold of %j under that status's field, storing nothing",
    async (days) => {
      const before = await stored();
      const res = await saveWith({ idle_days: { 'Review Pending': days } });
      expectFieldErrors(res, { 'idle_days.Review Pending': MESSAGES.SETTINGS_IDLE_DAYS_INVALID });
      expect(await stored()).toEqual(before);
    },
  );

  it('turns reminders off with reminder_max 0, and audits the reminder fields that changed', async () => {
    const res = await saveWith({
      // As the previous save left them: only the reminder fields change here.
      ...RENAMED_AND_CLEARED,
      reminder_every_days: 14,
      reminder_max: '0',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      reminder_first_days: 2,
      reminder_every_days: 14,
      reminder_max: 0,
    });
    expect(await stored()).toMatchObject({ reminderFirstDays: 2, reminderEveryDays: 14, reminderMax: 0 });
    const last = (await settingsAudits()).at(-1);
    expect(last?.subject?.split(',').sort()).toEqual(['reminder_every_days', 'reminder_max']);
  });

  it('refuses a current tax year before the first tax year', async () => {
    const before = await stored();
    const res = await saveWith({ current_tax_year: 2020, first_tax_year: 2022 });
    expectFieldErrors(res, { current_tax_year: MESSAGES.SETTINGS_TAX_YEAR_BEFORE_FIRST });
    expect(await stored()).toEqual(before);
  });

  it('refuses a body with a missing required field', async () => {
    const { firm_name: _name, ...missing } = everything;
    const res = await t.postAs(admin.sid, '/api/staff/settings/save', missing);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.firm_name).toBe(MESSAGES.SETTINGS_FIRM_NAME_REQUIRED);
  });
});
