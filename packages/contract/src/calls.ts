import type { CallDefinition } from './call.ts';
import { accountsCalls } from './accounts/accounts.calls.ts';
import { passkeysCalls } from './accounts/passkeys.calls.ts';
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
import { staffCalls } from './staff/staff.calls.ts';
import { teamCalls } from './staff/team.calls.ts';
import { filingsStaffCalls } from './filings/filings.staff.calls.ts';
import { accountsStaffCalls } from './accounts/accounts.staff.calls.ts';
import { documentsStaffCalls } from './documents/documents.staff.calls.ts';
import { profileStaffCalls } from './profile/profile.staff.calls.ts';
import { auditStaffCalls } from './audit/audit.staff.calls.ts';
import { taxSummariesCalls } from './tax-summaries/tax-summaries.calls.ts';
import { requestsCalls } from './requests/requests.calls.ts';
import { requestsStaffCalls } from './requests/requests.staff.calls.ts';
import { messagingCalls } from './messaging/messaging.calls.ts';
import { messagingStaffCalls } from './messaging/messaging.staff.calls.ts';
import { activityStaffCalls } from './activity/activity.staff.calls.ts';
import { consentsCalls } from './consents/consents.calls.ts';
import { signaturesCalls } from './signatures/signatures.calls.ts';
import { spouseSignaturesCalls } from './signatures/signatures.spouse.calls.ts';
import { signaturesStaffCalls } from './signatures/signatures.staff.calls.ts';
import { invoicesCalls } from './invoices/invoices.calls.ts';
import { invoicesStaffCalls } from './invoices/invoices.staff.calls.ts';
import { deliverablesCalls } from './deliverables/deliverables.calls.ts';
import { deliverablesStaffCalls } from './deliverables/deliverables.staff.calls.ts';
import { workStaffCalls } from './work/work.staff.calls.ts';
import { bulkStaffCalls } from './bulk/bulk.staff.calls.ts';
import { automationsStaffCalls } from './automations/automations.staff.calls.ts';
import { organizerCalls } from './organizer/organizer.calls.ts';
import { organizerStaffCalls } from './organizer/organizer.staff.calls.ts';
import { ratesStaffCalls } from './rates/rates.staff.calls.ts';
import { viewsStaffCalls } from './views/views.staff.calls.ts';
import { reportsStaffCalls } from './reports/reports.staff.calls.ts';
import { yearsCalls } from './years/years.calls.ts';
import { householdCalls } from './household/household.calls.ts';
import { householdStaffCalls } from './household/household.staff.calls.ts';

/** The complete call table of the specification (section 7): written down once, used by server and web. */
export const CALLS = {
  ...settingsCalls,
  ...accountsCalls,
  ...passkeysCalls,
  ...careersCalls,
  ...contactCalls,
  ...referralsCalls,
  ...profileCalls,
  ...documentsCalls,
  ...taxSummariesCalls,
  ...paymentsCalls,
  ...staffCalls,
  ...filingsStaffCalls,
  ...accountsStaffCalls,
  ...teamCalls,
  ...auditStaffCalls,
  ...notificationsCalls,
  ...staffSettingsCalls,
  ...inboxCalls,
  ...documentsStaffCalls,
  ...profileStaffCalls,
  ...requestsCalls,
  ...requestsStaffCalls,
  ...messagingCalls,
  ...messagingStaffCalls,
  ...activityStaffCalls,
  ...consentsCalls,
  ...signaturesCalls,
  ...spouseSignaturesCalls,
  ...signaturesStaffCalls,
  ...invoicesCalls,
  ...invoicesStaffCalls,
  ...deliverablesCalls,
  ...deliverablesStaffCalls,
  ...workStaffCalls,
  ...bulkStaffCalls,
  ...automationsStaffCalls,
  ...organizerCalls,
  ...organizerStaffCalls,
  ...ratesStaffCalls,
  ...viewsStaffCalls,
  ...reportsStaffCalls,
  ...yearsCalls,
  ...householdCalls,
  ...householdStaffCalls,
} as const satisfies Record<string, CallDefinition>;

export type CallName = keyof typeof CALLS;
