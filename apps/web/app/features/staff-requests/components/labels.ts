import type { RequestItem, RequestItemStatus } from '@taxfirm/contract';

/** How the console words an item's state (the client's portal has its own words). */
export const STAFF_STATUS_LABELS: Record<RequestItemStatus, string> = {
  requested: 'Requested',
  uploaded: 'Received – to review',
  accepted: 'Accepted',
  rejected: 'Rejected – waiting for a new copy',
  not_applicable: 'Not applicable',
  later: 'Client will send later',
};

/** The file a checklist call acts on, in the calls' own fields. */
export type ChecklistTarget = { client_id: string; taxy: number };

const PERSON_LABELS = { taxpayer: 'Taxpayer', spouse: 'Spouse', dependent: 'Dependent' } as const;
export function personOf(item: RequestItem): string | null {
  if (!item.person) return null;
  return item.person === 'dependent' && item.person_name
    ? `Dependent: ${item.person_name}`
    : PERSON_LABELS[item.person];
}
