/**
 * Deliverables (issue 35): what the firm files for a client's tax year. The federal return is the filing itself
 * (its status is the specification's file status, its owner the file's analyst); the others are rows of their
 * own, each with an owner, a short status and a due date.
 */
export const DELIVERABLE_KINDS = [
  'federal',
  'state',
  'fbar',
  'extension',
  'amended',
  'itr',
  'other',
] as const;
export type DeliverableKind = (typeof DELIVERABLE_KINDS)[number];

/** The kinds staff add beside the federal return (the filing is the federal one). */
export const ADDED_DELIVERABLE_KINDS = ['state', 'fbar', 'extension', 'amended', 'itr', 'other'] as const;
export type AddedDeliverableKind = (typeof ADDED_DELIVERABLE_KINDS)[number];

export const DELIVERABLE_KIND_LABELS: Record<DeliverableKind, string> = {
  federal: 'Federal return (Form 1040)',
  state: 'State return',
  fbar: 'FBAR (FinCEN 114)',
  extension: 'Extension (Form 4868)',
  amended: 'Amended return (Form 1040-X)',
  itr: 'Indian return (ITR)',
  other: 'Other',
};

export const DELIVERABLE_STATUSES = [
  'not_started',
  'in_progress',
  'waiting_on_client',
  'ready_for_review',
  'filed',
  'accepted',
  'rejected',
] as const;
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number];

export const DELIVERABLE_STATUS_LABELS: Record<DeliverableStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  waiting_on_client: 'Waiting on client',
  ready_for_review: 'Ready for review',
  filed: 'Filed',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** What a deliverable is called, on both sides: its kind, and the state or what "other" is. */
export function deliverableName(d: { kind: DeliverableKind; label: string | null }): string {
  return d.label ? `${DELIVERABLE_KIND_LABELS[d.kind]}: ${d.label}` : DELIVERABLE_KIND_LABELS[d.kind];
}

/** The kinds an extension moves to October 15 (for the FBAR the extension is automatic: no form is filed). */
export const EXTENDABLE_DELIVERABLE_KINDS: readonly DeliverableKind[] = ['federal', 'state', 'fbar'];
