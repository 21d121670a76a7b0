/**
 * My work (issue 35): what needs a staff member now, derived from the data on every read (never a to-do table
 * that drifts). Each kind is one rule over its domain's rows; ADR 026 lists them.
 */
import { FILE_STATUSES, type FileStatus } from '../statuses.ts';

export const WORK_KINDS = [
  'upload_review',
  'message_unanswered',
  'signature_completed',
  'payment_received',
  'invoice_past_due',
  'checklist_late',
  'file_idle',
  'file_unassigned',
  'deliverable_due',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export const WORK_KIND_LABELS: Record<WorkKind, string> = {
  upload_review: 'Uploads to review',
  message_unanswered: 'Unanswered messages',
  signature_completed: 'Signatures completed',
  payment_received: 'Payments received',
  invoice_past_due: 'Invoices past due',
  checklist_late: 'Checklist items late',
  file_idle: 'Idle files',
  file_unassigned: 'New files to assign',
  deliverable_due: 'Due within 14 days',
};

/** A deliverable is listed from this many days before its due date (and while it is overdue). */
export const WORK_DUE_SOON_DAYS = 14;

/** The most days a file may sit in a status before My work lists it (0: never listed for that status). */
export const WORK_IDLE_MAX_DAYS = 365;

/**
 * The firm's idle thresholds until an admin changes them (Settings): a week where the firm works, two where the
 * client does; none in To Be Assigned (a new file is listed as unassigned instead) or once the file is done.
 */
export const DEFAULT_IDLE_DAYS: Record<FileStatus, number> = Object.fromEntries(
  FILE_STATUSES.map((status) => [status, defaultIdleDays(status)]),
) as Record<FileStatus, number>;

function defaultIdleDays(status: FileStatus): number {
  switch (status) {
    case 'To Be Assigned':
    case 'E-Filing Complete':
    case 'Filing Docs Sent':
    case 'Cancel Filing':
      return 0;
    case 'Basic Info Pending':
    case 'Docs Upload Pending':
    case 'Other Docs Pending':
    case 'Payment Pending':
    case 'Confirmation Pending':
      return 14;
    default:
      return 7;
  }
}
