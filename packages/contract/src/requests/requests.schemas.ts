import { z } from 'zod';
import type { FileRule } from '../call.ts';
import { envelope, fileFields, optionalText, requiredText, taxYearField } from '../common.ts';
import { DOCUMENT_CATEGORY_NAMES, HIDDEN_MAX_BYTES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  REQUEST_ITEM_STATUSES,
  REQUEST_ITEM_TYPE_NAMES,
  REQUEST_MAX_FILES,
  REQUEST_MAX_UPLOAD_BYTES,
  REQUEST_PERSONS,
  REQUEST_UPLOAD_TYPES,
} from './requests.constants.ts';

export const itemIdField = z.uuid({ error: MESSAGES.REQUEST_ITEM_NOT_FOUND });
export const itemTypeField = z.enum(REQUEST_ITEM_TYPE_NAMES, { error: MESSAGES.REQUEST_ITEM_TYPE_INVALID });
/** A calendar day, YYYY-MM-DD. */
const dayField = z.iso.date({ error: MESSAGES.REQUEST_LATER_DATE_INVALID });

/** Files for a checklist item: up to ten per upload, each over 1 KB and under 25 MB, checked by content. */
export const requestFileRule: FileRule = {
  types: REQUEST_UPLOAD_TYPES,
  extensions: ['.jpg', '.jpeg', '.png', '.heic', '.heif', '.pdf', '.doc', '.docx'],
  maxBytes: REQUEST_MAX_UPLOAD_BYTES,
  minBytes: HIDDEN_MAX_BYTES,
  maxFiles: REQUEST_MAX_FILES,
  messages: {
    tooLarge: MESSAGES.REQUEST_UPLOAD_TOO_LARGE,
    tooSmall: MESSAGES.UPLOAD_TOO_SMALL,
    wrongType: MESSAGES.REQUEST_UPLOAD_WRONG_TYPE,
  },
};

/** A file received for an item (or through the upload page). */
export const requestFileSchema = z.object({
  document_id: z.string(),
  ...fileFields,
  uploaded_at: z.string(),
  /** A password-protected PDF with no unlocked copy yet: the client is asked for its password. */
  locked: z.boolean(),
  /** Signed download link for the viewer (the client's own, or a staff member's). */
  download_url: z.string(),
  /** Staff only: opens in the browser (PDFs and images); null for a type that is only downloaded. */
  preview_url: z.string().nullable().optional(),
});
export type RequestFile = z.infer<typeof requestFileSchema>;

/** A change to an item, kept with who and when. */
export const requestEventSchema = z.object({
  action: z.string(),
  from_status: z.enum(REQUEST_ITEM_STATUSES).nullable(),
  to_status: z.enum(REQUEST_ITEM_STATUSES).nullable(),
  reason: z.string().nullable(),
  /** "You", "The firm" for the client; the staff member's name or "Client"/"System" for staff. */
  by: z.string(),
  at: z.string(),
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

export const requestItemSchema = z.object({
  item_id: z.string(),
  position: z.number().int(),
  type: z.enum(REQUEST_ITEM_TYPE_NAMES),
  type_label: z.string(),
  title: z.string(),
  person: z.enum(REQUEST_PERSONS).nullable(),
  /** The dependent's name and id when person is 'dependent'. */
  person_name: z.string().nullable(),
  dependent_id: z.string().nullable(),
  note: z.string().nullable(),
  required: z.boolean(),
  status: z.enum(REQUEST_ITEM_STATUSES),
  status_label: z.string(),
  /** Rejection reason (shown to the client) or the not-applicable reason. */
  reason: z.string().nullable(),
  /** For 'later': the day the client said they would send it. */
  later_date: z.string().nullable(),
  /** 'profile', 'last_year', 'template' or 'staff': where the item came from. */
  source: z.string(),
  files: z.array(requestFileSchema),
  events: z.array(requestEventSchema),
});
export type RequestItem = z.infer<typeof requestItemSchema>;

/** A reminder the firm sent: when, and which items it listed. */
export const requestReminderSchema = z.object({
  sent_at: z.string(),
  manual: z.boolean(),
  items: z.array(z.string()),
});

/** The progress both sides see. */
export const requestProgressSchema = z.object({
  /** Required items still waiting on the client (requested, rejected, later). */
  open: z.number().int(),
  /** Received, not yet checked by the firm. */
  to_review: z.number().int(),
  accepted: z.number().int(),
  /** Required items that count (not "doesn't apply"). */
  required: z.number().int(),
  /** Every required item accepted (and there is at least one). */
  complete: z.boolean(),
});
export type RequestProgress = z.infer<typeof requestProgressSchema>;

/** Files the client sent through the spec's upload page, by category: received documents, not items. */
export const receivedByCategorySchema = z.array(
  z.object({
    category: z.enum(DOCUMENT_CATEGORY_NAMES),
    label: z.string(),
    files: z.array(requestFileSchema),
  }),
);

// ---- client calls ----

export const accountRequestsListBodySchema = z.object({ taxy: taxYearField });
/** A filing's checklist as both the client's and the staff's list answer it. */
export const checklistFields = {
  tax_year: z.number().int(),
  /** False once the filing has moved past collecting documents: the list is read-only then. */
  editable: z.boolean(),
  progress: requestProgressSchema,
  items: z.array(requestItemSchema),
  received: receivedByCategorySchema,
  reminders: z.array(requestReminderSchema),
};
export const accountRequestsListResponseSchema = envelope(checklistFields);
export type AccountRequests = z.infer<typeof accountRequestsListResponseSchema>;

/** The text fields of a checklist upload; the files come in `files`. */
export const accountRequestsUploadFieldsSchema = z.object({ item_id: itemIdField });
export const accountRequestsUploadResponseSchema = envelope({
  message: z.string(),
  /** Files stored as password-protected PDFs: the client is asked for their passwords. */
  locked: z.array(z.object({ document_id: z.string(), name: z.string() })),
});

export const accountRequestsUnlockBodySchema = z.object({
  document_id: z.uuid({ error: MESSAGES.DOCUMENT_NOT_FOUND }),
  password: requiredText(MESSAGES.REQUEST_PDF_PASSWORD_WRONG, 200),
});
export const messageResponseSchema = envelope({ message: z.string() });

export const accountRequestsNotApplicableBodySchema = z.object({
  item_id: itemIdField,
  reason: optionalText(500),
});
export const accountRequestsLaterBodySchema = z.object({ item_id: itemIdField, date: dayField });
