import type { CallDefinition } from './call.ts';
import { accountsCalls } from './accounts/accounts.calls.ts';
import { careersCalls } from './careers/careers.calls.ts';
import { contactCalls } from './contact/contact.calls.ts';
import { documentsCalls } from './documents/documents.calls.ts';
import { notificationsCalls } from './notifications/notifications.calls.ts';
import { inboxCalls } from './inbox/inbox.calls.ts';
import { paymentsCalls } from './payments/payments.calls.ts';
import { profileCalls } from './profile/profile.calls.ts';
import { referralsCalls } from './referrals/referrals.calls.ts';
import { settingsCalls } from './settings/settings.calls.ts';
import { staffSettingsCalls } from './settings/settings.staff.calls.ts';
import { staffClientFileCalls } from './staff/client-file.calls.ts';
import { staffCalls } from './staff/staff.calls.ts';
import { auditCalls, teamCalls } from './staff/team.calls.ts';
import { taxSummariesCalls } from './tax-summaries/tax-summaries.calls.ts';

/** The complete call table of the specification (section 7): written down once, used by server and web. */
export const CALLS = {
  ...settingsCalls,
  ...accountsCalls,
  ...careersCalls,
  ...contactCalls,
  ...referralsCalls,
  ...profileCalls,
  ...documentsCalls,
  ...taxSummariesCalls,
  ...paymentsCalls,
  ...staffCalls,
  ...teamCalls,
  ...auditCalls,
  ...notificationsCalls,
  ...staffSettingsCalls,
  ...inboxCalls,
  ...staffClientFileCalls,
} as const satisfies Record<string, CallDefinition>;

export type CallName = keyof typeof CALLS;
