import type { FileStatus } from '../statuses.ts';

/** What an admin may write in a status e-mail template; each is replaced when the e-mail is sent. */
export const STATUS_EMAIL_PLACEHOLDERS = ['first_name', 'tax_year', 'status', 'firm_name'] as const;
export type StatusEmailVariables = Record<(typeof STATUS_EMAIL_PLACEHOLDERS)[number], string>;

export type StatusEmailTemplate = { subject: string; body: string };

const subject = 'Your {tax_year} tax file: {status}';

/**
 * The built-in wording of the e-mail (and portal notification) a client gets when their filing moves to a
 * status: short and plain, never the staff comment. Admins may replace any of them.
 */
export const DEFAULT_STATUS_EMAILS: Record<FileStatus, StatusEmailTemplate> = {
  'To Be Assigned': {
    subject,
    body: 'We have received your registration for tax year {tax_year}. A preparer will be assigned to your file shortly.',
  },
  'Basic Info Pending': {
    subject,
    body: 'Please complete your tax profile (taxpayer, spouse, dependents and employers) in the client portal.',
  },
  'Interview Pending': {
    subject,
    body: 'Your preparer will contact you to schedule a short interview about your return.',
  },
  'Docs Upload Pending': {
    subject,
    body: 'Please upload your tax documents (W-2s, 1099s and the others that apply to you) in the client portal.',
  },
  'Other Docs Pending': {
    subject,
    body: 'We need a few more documents to complete your return. Your preparer will tell you which ones.',
  },
  'Preparation Pending': { subject, body: 'We have what we need and are now preparing your return.' },
  'Pre-Synopsys Pending': {
    subject,
    body: 'Your return is nearly prepared. We are checking the figures before we send you a summary.',
  },
  'Synopsys Pending': {
    subject,
    body: 'We are finishing the summary of your return. You will be able to review it in the client portal soon.',
  },
  'Payment Pending': {
    subject,
    body: 'Your return is ready. Please pay for our service in the client portal so that we can go on.',
  },
  'Review Pending': {
    subject,
    body: 'Please review your tax summary in the client portal and tell us if anything needs to change.',
  },
  'Confirmation Pending': {
    subject,
    body: 'We are waiting for your confirmation before we file your return.',
  },
  'Pre E-Filing Pending': { subject, body: 'Your return is being made ready for electronic filing.' },
  'E-Filing Pending': { subject, body: 'Your return is being filed electronically.' },
  'Paper-Filing Pending': {
    subject,
    body: 'Your return will be filed on paper. We will send you the forms with instructions for signing and mailing.',
  },
  'E-Filing Complete': {
    subject,
    body: 'Your return was filed electronically. We will tell you when the tax authority accepts it.',
  },
  'Filing Docs Sent': { subject, body: 'We have sent you copies of your filed return for your records.' },
  'Cancel Filing': {
    subject,
    body: 'Your {tax_year} filing was cancelled. Please contact us if you did not expect this.',
  },
};

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Placeholders in a template that are not ones we fill in (shown to the admin as an error). */
export function unknownPlaceholders(text: string): string[] {
  const known = STATUS_EMAIL_PLACEHOLDERS as readonly string[];
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !known.includes(name));
}

/** Fill in a template's placeholders. The result is plain text; the e-mail layout escapes it for HTML. */
export function renderStatusEmail(text: string, variables: StatusEmailVariables): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in variables ? variables[name as keyof StatusEmailVariables] : whole,
  );
}
