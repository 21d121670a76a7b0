import { defineCall } from '../call.ts';
import { messageResponseSchema } from './requests.schemas.ts';
import {
  staffRequestsListBodySchema,
  staffRequestsListResponseSchema,
  staffRequestsRemindBodySchema,
  staffRequestsReviewBodySchema,
  staffRequestsApplyTemplateBodySchema,
  staffRequestsItemsAddBodySchema,
  staffRequestsItemsEditBodySchema,
  staffRequestsItemsNotApplicableBodySchema,
  staffRequestsItemsRemoveBodySchema,
  staffRequestsItemsReopenBodySchema,
  staffRequestsItemsReorderBodySchema,
  staffRequestsTemplatesBodySchema,
  staffRequestsTemplatesResponseSchema,
} from './requests.staff.schemas.ts';

/** The checklist in the staff console (file-assignment rules apply). */
export const requestsStaffCalls = {
  staffRequestsList: defineCall({
    path: 'staff/requests/list',
    body: staffRequestsListBodySchema,
    response: staffRequestsListResponseSchema,
    access: 'staff',
    summary:
      "A client's checklist for a tax year with files (signed links), history, progress and reminders.",
  }),
  staffRequestsItemsAdd: defineCall({
    path: 'staff/requests/items/add',
    body: staffRequestsItemsAddBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: "Add an item to a file's checklist.",
  }),
  staffRequestsItemsEdit: defineCall({
    path: 'staff/requests/items/edit',
    body: staffRequestsItemsEditBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: "Change a checklist item's type, title, person, note or whether it is required.",
  }),
  staffRequestsItemsRemove: defineCall({
    path: 'staff/requests/items/remove',
    body: staffRequestsItemsRemoveBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: 'Remove an item from the checklist (its history stays; it is not suggested again).',
  }),
  staffRequestsItemsNotApplicable: defineCall({
    path: 'staff/requests/items/notapplicable',
    body: staffRequestsItemsNotApplicableBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: 'Mark a checklist item not applicable, with an optional reason.',
  }),
  staffRequestsItemsReopen: defineCall({
    path: 'staff/requests/items/reopen',
    body: staffRequestsItemsReopenBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: 'Ask for a checklist item again (back to requested, its reminders start over).',
  }),
  staffRequestsItemsReorder: defineCall({
    path: 'staff/requests/items/reorder',
    body: staffRequestsItemsReorderBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: "Put a file's checklist items in a new order (every live item, once).",
  }),
  staffRequestsApplyTemplate: defineCall({
    path: 'staff/requests/applytemplate',
    body: staffRequestsApplyTemplateBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: "Add a template's items the file's checklist does not have yet.",
  }),
  staffRequestsReview: defineCall({
    path: 'staff/requests/review',
    body: staffRequestsReviewBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: 'Accept a received item, or reject it with a reason the client sees.',
  }),
  staffRequestsRemind: defineCall({
    path: 'staff/requests/remind',
    body: staffRequestsRemindBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: 'Send the client a reminder of the open items now (logged like the scheduled ones).',
  }),
  staffRequestsTemplates: defineCall({
    path: 'staff/requests/templates',
    body: staffRequestsTemplatesBodySchema,
    response: staffRequestsTemplatesResponseSchema,
    access: 'staff',
    summary: 'List, save (or save from a file) and delete named checklist templates.',
  }),
} as const;
