import type { DocumentCategory } from '../constants.ts';

/**
 * What a checklist item asks for. Each type files its uploads under one of the spec's upload categories
 * (so the staff console's documents by category keep working); the checklist itself groups by item.
 */
export const REQUEST_ITEM_TYPES = [
  { type: 'w2', label: 'W-2', category: 'W2', india: false },
  { type: '1099-int', label: '1099-INT', category: '1099B-G', india: false },
  { type: '1099-b', label: '1099-B', category: '1099B-G', india: false },
  { type: '1098', label: '1098', category: '1098-1098T', india: false },
  { type: '1098-t', label: '1098-T', category: '1098-1098T', india: false },
  { type: '1095-a', label: '1095-A', category: 'OTHERDOCS', india: false },
  { type: 'k-1', label: 'K-1', category: 'OTHERDOCS', india: false },
  { type: 'prior-return', label: 'Prior-year return', category: 'OTHERDOCS', india: false },
  { type: 'id', label: 'ID, passport or visa', category: 'OTHERDOCS', india: false },
  { type: 'itin', label: 'ITIN documents', category: 'OTHERDOCS', india: false },
  { type: 'form-16', label: 'Form 16 (India)', category: 'OTHERDOCS', india: true },
  { type: '26as-ais', label: 'Form 26AS / AIS (India)', category: 'OTHERDOCS', india: true },
  { type: 'bank-nre-nro', label: 'Bank statement, NRE/NRO (India)', category: 'OTHERDOCS', india: true },
  { type: 'fd-interest', label: 'FD interest certificate (India)', category: 'OTHERDOCS', india: true },
  { type: 'mf-cas', label: 'Mutual-fund CAS (India)', category: 'OTHERDOCS', india: true },
  { type: 'property-rent', label: 'Property or rent (India)', category: 'OTHERDOCS', india: true },
  { type: 'other', label: 'Other', category: 'OTHERDOCS', india: false },
] as const satisfies readonly { type: string; label: string; category: DocumentCategory; india: boolean }[];

export type RequestItemType = (typeof REQUEST_ITEM_TYPES)[number]['type'];
export const REQUEST_ITEM_TYPE_NAMES = REQUEST_ITEM_TYPES.map((t) => t.type) as [
  RequestItemType,
  ...RequestItemType[],
];

/** The upload category an item type's files are filed under. */
export function categoryOfItemType(type: RequestItemType): DocumentCategory {
  return REQUEST_ITEM_TYPES.find((t) => t.type === type)?.category ?? 'OTHERDOCS';
}
export function labelOfItemType(type: RequestItemType): string {
  return REQUEST_ITEM_TYPES.find((t) => t.type === type)?.label ?? 'Other';
}

/**
 * requested → uploaded → accepted, or rejected (reason shown to the client), not_applicable (by the client
 * with an optional reason, or by staff) and later (with a date).
 */
export const REQUEST_ITEM_STATUSES = [
  'requested',
  'uploaded',
  'accepted',
  'rejected',
  'not_applicable',
  'later',
] as const;
export type RequestItemStatus = (typeof REQUEST_ITEM_STATUSES)[number];

/** Still waiting on the client: counted in "We need N things" and listed in reminders. */
export const OPEN_ITEM_STATUSES = [
  'requested',
  'rejected',
  'later',
] as const satisfies readonly RequestItemStatus[];

/** How the client's checklist words each state. */
export const REQUEST_ITEM_STATUS_LABELS: Record<RequestItemStatus, string> = {
  requested: 'Needed',
  uploaded: "Received – we're checking",
  accepted: 'Accepted',
  rejected: 'Needs another copy',
  not_applicable: "Doesn't apply",
  later: 'You will send it later',
};

/** Whose document an item is. */
export const REQUEST_PERSONS = ['taxpayer', 'spouse', 'dependent'] as const;
export type RequestPerson = (typeof REQUEST_PERSONS)[number];

/** Files for a checklist item: bigger than the spec's upload page, several per item. */
export const REQUEST_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const REQUEST_MAX_FILES = 10;
/** The multipart field a checklist upload's files arrive in. */
export const REQUEST_UPLOAD_FIELD = 'files';
/** What the checklist accepts, as detected from the content: the upload page's types plus HEIC/HEIF photos. */
export const REQUEST_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heif',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/** Reminder defaults (the firm edits them in settings): first after N days, then every M days, at most K. */
export const DEFAULT_REMINDER_FIRST_DAYS = 3;
export const DEFAULT_REMINDER_EVERY_DAYS = 7;
export const DEFAULT_REMINDER_MAX = 5;
