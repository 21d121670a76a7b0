import { describe, expect, it } from 'vitest';
import { apiPath } from './call.ts';
import { CALLS } from './calls.ts';
import {
  registerBodySchema,
  changePasswordBodySchema,
  forgotCheckerBodySchema,
  loginBodySchema,
  updatePasswordLinkBodySchema,
} from './accounts/accounts.schemas.ts';
import { careersBodySchema } from './careers/careers.schemas.ts';
import { contactBodySchema } from './contact/contact.schemas.ts';
import { saveReferralBodySchema } from './referrals/referrals.schemas.ts';
import {
  saveDependentsBodySchema,
  saveEmployersBodySchema,
  spouseBodySchema,
  taxpayerBodySchema,
} from './profile/profile.schemas.ts';
import { createOrderBodySchema, verifyOrderBodySchema } from './payments/payments.schemas.ts';
import { uploadDocsFieldsSchema } from './documents/documents.schemas.ts';

/** The public calls among the first of specification section 7. */
const PUBLIC_SPEC_PATHS = [
  'settings/getsettings',
  'settings/logoutstatus',
  'login/check',
  'login/forgot',
  'login/register',
  'settings/careerssubmit',
  'savecontactinfo',
  'saverefferal',
];

/** The 29 calls of specification section 7, without leading slashes. */
const SPEC_PATHS = [
  ...PUBLIC_SPEC_PATHS,
  'user/taxpayerinfo',
  'user/savetaxpayer',
  'user/spouseinfo',
  'user/savespouse',
  'user/dependentinfo',
  'user/savedependents',
  'user/employerinfo',
  'user/saveemployer',
  'upload/getuploaddocs',
  'upload/uploaddocs',
  'upload/deleteuploaddoc',
  'user/refferalslist',
  'settings/taxyears',
  'user/changepassword',
  'user/usersynopsys',
  'payment/createOrder',
  'payment/verifyOrder',
  'login/forgotchecker',
  'login/cregisterverify',
  'settings/checkresetpwdlink',
  'settings/updatepasswordlink',
];

const calls = Object.values(CALLS);
const byPath = new Map(calls.map((call) => [call.path, call]));

describe('CALLS', () => {
  it('holds the 29 calls of section 7, plus only account/..., staff/..., the spouse’s signatures/spouse/... and the passwordless login/passkey/..., login/code/... calls of its own', () => {
    expect(SPEC_PATHS).toHaveLength(29);
    const paths = calls.map((call) => call.path);
    expect(paths.filter((path) => SPEC_PATHS.includes(path)).sort()).toEqual([...SPEC_PATHS].sort());
    expect(paths.filter((path) => !SPEC_PATHS.includes(path)).sort()).toEqual([
      'account/consents/get',
      'account/consents/save',
      'account/deliverables',
      'account/household/invite',
      'account/household/list',
      'account/household/remove',
      'account/household/rights',
      'account/invoices/get',
      'account/invoices/list',
      'account/invoices/pay',
      'account/logout',
      'account/messages/list',
      'account/messages/read',
      'account/messages/send',
      'account/mfa/disable',
      'account/mfa/enable',
      'account/mfa/login',
      'account/mfa/setup',
      'account/mfa/status',
      'account/notifications/list',
      'account/notifications/read',
      'account/organizer/get',
      'account/organizer/save',
      'account/organizer/submit',
      'account/passkeys/list',
      'account/passkeys/register/options',
      'account/passkeys/register/verify',
      'account/passkeys/remove',
      'account/payments/order',
      'account/payments/reportfailure',
      'account/payments/sandbox/order',
      'account/payments/sandbox/pay',
      'account/payments/status',
      'account/requests/later',
      'account/requests/list',
      'account/requests/notapplicable',
      'account/requests/unlock',
      'account/requests/upload',
      'account/resendverification',
      'account/revealssn',
      'account/signatures/code',
      'account/signatures/list',
      'account/signatures/open',
      'account/signatures/paper',
      'account/signatures/sign',
      'account/stepup',
      'account/stepup/code/send',
      'account/stepup/passkey/options',
      'account/years/get',
      'account/years/list',
      'account/years/return',
      'account/years/zip',
      'login/code/send',
      'login/code/verify',
      'login/passkey/options',
      'login/passkey/verify',
      'signatures/spouse/code',
      'signatures/spouse/get',
      'signatures/spouse/open',
      'signatures/spouse/sign',
      'staff/account/changepassword',
      'staff/activity/list',
      'staff/audit/list',
      'staff/automations/list',
      'staff/automations/pause',
      'staff/automations/preview',
      'staff/automations/save',
      'staff/bulk/start',
      'staff/bulk/status',
      'staff/clients/assign',
      'staff/clients/contact',
      'staff/clients/count',
      'staff/clients/documents',
      'staff/clients/filenumber',
      'staff/clients/get',
      'staff/clients/invite',
      'staff/clients/list',
      'staff/clients/nextfilenumber',
      'staff/clients/notes/add',
      'staff/clients/profile',
      'staff/clients/profile/reveal',
      'staff/clients/queues',
      'staff/clients/resetlink',
      'staff/clients/status',
      'staff/clients/verify',
      'staff/deliverables/list',
      'staff/deliverables/remove',
      'staff/deliverables/save',
      'staff/household/invite',
      'staff/household/list',
      'staff/inbox/careers/list',
      'staff/inbox/contact/list',
      'staff/inbox/contact/status',
      'staff/inbox/payments/list',
      'staff/inbox/referrals/list',
      'staff/invoices/create',
      'staff/invoices/list',
      'staff/invoices/refund',
      'staff/invoices/save',
      'staff/invoices/send',
      'staff/invoices/void',
      'staff/login',
      'staff/login/enrol',
      'staff/login/enrolconfirm',
      'staff/login/forgot',
      'staff/login/mfa',
      'staff/login/passkey/options',
      'staff/login/passkey/verify',
      'staff/me',
      'staff/members/list',
      'staff/messages/alerts',
      'staff/messages/canned',
      'staff/messages/file',
      'staff/messages/inbox',
      'staff/messages/send',
      'staff/messages/status',
      'staff/messages/thread',
      'staff/organizer/definition/get',
      'staff/organizer/definition/save',
      'staff/organizer/get',
      'staff/organizer/save',
      'staff/organizer/send',
      'staff/passkeys/list',
      'staff/passkeys/register/options',
      'staff/passkeys/register/verify',
      'staff/passkeys/remove',
      'staff/pricelist/list',
      'staff/pricelist/save',
      'staff/rates/list',
      'staff/rates/save',
      'staff/reports/season',
      'staff/requests/applytemplate',
      'staff/requests/items/add',
      'staff/requests/items/edit',
      'staff/requests/items/notapplicable',
      'staff/requests/items/remove',
      'staff/requests/items/reopen',
      'staff/requests/items/reorder',
      'staff/requests/list',
      'staff/requests/remind',
      'staff/requests/review',
      'staff/requests/templates',
      'staff/settings/get',
      'staff/settings/save',
      'staff/signatures/create',
      'staff/signatures/list',
      'staff/signatures/reopen',
      'staff/signatures/spouse/resend',
      'staff/signatures/spouse/revoke',
      'staff/signatures/templates/list',
      'staff/signatures/templates/remove',
      'staff/signatures/templates/save',
      'staff/signatures/void',
      'staff/stepup',
      'staff/stepup/passkey/options',
      'staff/summaries/delete',
      'staff/summaries/list',
      'staff/summaries/publish',
      'staff/summaries/upload',
      'staff/team/accessend',
      'staff/team/deactivate',
      'staff/team/invite',
      'staff/team/list',
      'staff/team/location',
      'staff/team/reactivate',
      'staff/team/resetmfa',
      'staff/templates/list',
      'staff/templates/reset',
      'staff/templates/save',
      'staff/views/list',
      'staff/views/remove',
      'staff/views/save',
      'staff/work/counts',
      'staff/work/list',
      'staff/work/snooze',
    ]);
  });

  it('uses each path once', () => {
    const paths = calls.map((call) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('writes paths without a leading slash, so they map onto /api/<path>', () => {
    for (const call of calls) {
      expect(call.path, call.path).not.toMatch(/^\//);
    }
  });

  it("gives every user/* call access 'client'", () => {
    const userCalls = calls.filter((call) => call.path.startsWith('user/'));
    expect(userCalls).toHaveLength(11);
    for (const call of userCalls) {
      expect(call.access, call.path).toBe('client');
    }
  });

  it("gives the upload and payment calls access 'client'", () => {
    for (const call of calls.filter((c) => /^(upload|payment)\//.test(c.path))) {
      expect(call.access, call.path).toBe('client');
    }
  });

  it('leaves the public pages’ calls public', () => {
    for (const path of [
      ...PUBLIC_SPEC_PATHS,
      'settings/taxyears',
      'login/forgotchecker',
      'login/cregisterverify',
      'settings/checkresetpwdlink',
      'settings/updatepasswordlink',
    ]) {
      expect(byPath.get(path)?.access, path).toBe('public');
    }
  });

  it('makes every response schema require http_code and status_smessage', () => {
    for (const call of calls) {
      const result = call.response.safeParse({});
      expect(result.success, call.path).toBe(false);
      if (result.success) continue;
      const failing = result.error.issues.map((issue) => issue.path.join('.'));
      expect(failing, call.path).toContain('http_code');
      expect(failing, call.path).toContain('status_smessage');
      const wrongTypes = call.response.safeParse({
        http_code: '200',
        status_smessage: 200,
      });
      expect(wrongTypes.success, call.path).toBe(false);
      if (wrongTypes.success) continue;
      const wrong = wrongTypes.error.issues.map((issue) => issue.path.join('.'));
      expect(wrong, call.path).toContain('http_code');
      expect(wrong, call.path).toContain('status_smessage');
    }
  });

  it('sends only the uploads, the careers application (résumé) and a staff summary upload as multipart', () => {
    const multipart = calls.filter((call) => call.contentType === 'multipart').map((call) => call.path);
    expect(multipart).toEqual([
      'settings/careerssubmit',
      'upload/uploaddocs',
      'staff/summaries/upload',
      'account/requests/upload',
      'account/messages/send',
      'staff/messages/send',
      'staff/signatures/create',
      'staff/signatures/templates/save',
    ]);
  });

  it('validates each form’s call with that form’s schema', () => {
    expect(byPath.get('login/check')?.body).toBe(loginBodySchema);
    expect(byPath.get('login/register')?.body).toBe(registerBodySchema);
    expect(byPath.get('user/changepassword')?.body).toBe(changePasswordBodySchema);
    expect(byPath.get('login/forgotchecker')?.body).toBe(forgotCheckerBodySchema);
    expect(byPath.get('settings/updatepasswordlink')?.body).toBe(updatePasswordLinkBodySchema);
    expect(byPath.get('settings/careerssubmit')?.body).toBe(careersBodySchema);
    expect(byPath.get('savecontactinfo')?.body).toBe(contactBodySchema);
    expect(byPath.get('saverefferal')?.body).toBe(saveReferralBodySchema);
    expect(byPath.get('user/savetaxpayer')?.body).toBe(taxpayerBodySchema);
    expect(byPath.get('user/savespouse')?.body).toBe(spouseBodySchema);
    expect(byPath.get('user/savedependents')?.body).toBe(saveDependentsBodySchema);
    expect(byPath.get('user/saveemployer')?.body).toBe(saveEmployersBodySchema);
    expect(byPath.get('upload/uploaddocs')?.body).toBe(uploadDocsFieldsSchema);
    expect(byPath.get('payment/createOrder')?.body).toBe(createOrderBodySchema);
    expect(byPath.get('payment/verifyOrder')?.body).toBe(verifyOrderBodySchema);
  });

  it('accepts the bodies the specification calls empty, including the user_id the old client added', () => {
    for (const path of [
      'user/taxpayerinfo',
      'user/spouseinfo',
      'user/dependentinfo',
      'user/employerinfo',
      'user/usersynopsys',
      'settings/logoutstatus',
      'settings/taxyears',
      'settings/getsettings',
    ]) {
      const body = byPath.get(path)?.body;
      expect(body?.safeParse({}).success, path).toBe(true);
      expect(body?.safeParse({ user_id: '17' }).success, path).toBe(true);
    }
  });

  it('has a summary for every call', () => {
    for (const call of calls) {
      expect(call.summary.trim().length, call.path).toBeGreaterThan(0);
    }
  });
});

describe('apiPath', () => {
  it("serves a call at '/api/<path>'", () => {
    expect(apiPath(CALLS.login)).toBe('/api/login/check');
    expect(apiPath({ path: 'savecontactinfo' })).toBe('/api/savecontactinfo');
    expect(apiPath({ path: 'payment/createOrder' })).toBe('/api/payment/createOrder');
  });

  it('drops leading slashes the specification sometimes writes', () => {
    expect(apiPath({ path: '/settings/careerssubmit' })).toBe('/api/settings/careerssubmit');
    expect(apiPath({ path: '//user/savespouse' })).toBe('/api/user/savespouse');
  });

  it('gives every call its own URL', () => {
    const urls = calls.map((call) => apiPath(call));
    expect(new Set(urls).size).toBe(calls.length);
    for (const call of calls) {
      expect(apiPath(call)).toBe(`/api/${call.path}`);
    }
  });
});
