/** File statuses from the firm's workflow (DESIGN.md "File statuses"), in order. */
export const FILE_STATUSES = [
  'To Be Assigned',
  'Basic Info Pending',
  'Interview Pending',
  'Docs Upload Pending',
  'Other Docs Pending',
  'Preparation Pending',
  'Pre-Synopsys Pending',
  'Synopsys Pending',
  'Payment Pending',
  'Review Pending',
  'Confirmation Pending',
  'Pre E-Filing Pending',
  'E-Filing Pending',
  'Paper-Filing Pending',
  'E-Filing Complete',
  'Filing Docs Sent',
  'Cancel Filing',
] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const INITIAL_FILE_STATUS: FileStatus = 'To Be Assigned';

/** The firm is still collecting information: the client may edit the profile. */
export const PROFILE_EDITABLE_STATUSES: readonly FileStatus[] = FILE_STATUSES.slice(
  0,
  FILE_STATUSES.indexOf('Other Docs Pending') + 1,
);

/** Payment is open only here (the specification's first reading). */
export const PAYMENT_OPEN_STATUSES: readonly FileStatus[] = ['Synopsys Pending', 'Payment Pending'];

/**
 * The firm waits on the client (issue 35): their information, documents, payment or signature. The file's other
 * statuses wait on the firm.
 */
export const CLIENT_WAITING_STATUSES: readonly FileStatus[] = [
  'Basic Info Pending',
  'Docs Upload Pending',
  'Other Docs Pending',
  'Payment Pending',
  'Confirmation Pending',
];

/** The return is filed: nothing is left to do on it. */
export const FILED_STATUSES: readonly FileStatus[] = ['E-Filing Complete', 'Filing Docs Sent'];

export function isFileStatus(value: unknown): value is FileStatus {
  return typeof value === 'string' && (FILE_STATUSES as readonly string[]).includes(value);
}

export function canEditProfile(status: FileStatus): boolean {
  return PROFILE_EDITABLE_STATUSES.includes(status);
}

export function canPay(status: FileStatus): boolean {
  return PAYMENT_OPEN_STATUSES.includes(status);
}

/** The dashboard's six steps (the specification's "6-step process"). */
export const DASHBOARD_STEPS = [
  'Personal Info',
  'Documents',
  'Tax Summary',
  'Payment',
  'Review',
  'Filed',
] as const;

const STEP_BY_STATUS: Record<FileStatus, number | null> = {
  'To Be Assigned': 0,
  'Basic Info Pending': 0,
  'Interview Pending': 0,
  'Docs Upload Pending': 1,
  'Other Docs Pending': 1,
  'Preparation Pending': 2,
  'Pre-Synopsys Pending': 2,
  'Synopsys Pending': 2,
  'Payment Pending': 3,
  'Review Pending': 4,
  'Confirmation Pending': 4,
  'Pre E-Filing Pending': 4,
  'E-Filing Pending': 4,
  'Paper-Filing Pending': 4,
  'E-Filing Complete': 5,
  'Filing Docs Sent': 5,
  'Cancel Filing': null,
};

/** Index of the current dashboard step, or null for a cancelled filing. */
export function dashboardStep(status: FileStatus): number | null {
  return STEP_BY_STATUS[status];
}
