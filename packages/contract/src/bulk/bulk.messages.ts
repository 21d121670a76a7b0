/**
 * The messages of working on many files at once (issue 36): bulk actions, saved views, the file actions they
 * share with status automations, kept documents to sign, and the automations themselves. Part of `MESSAGES`
 * (messages.ts spreads them in), kept here so that file stays one list of the specification's words.
 */
export const MANY_FILES_MESSAGES = {
  BULK_ACTION_INVALID: 'Choose what to do to the selected files.',
  BULK_ASSIGNEES_REQUIRED: 'Choose one to 20 different staff members to assign the files to.',
  BULK_SELECTION_EMPTY: 'Select at least one file.',
  BULK_SELECTION_TOO_LARGE: 'Select at most 500 files one by one, or choose every file matching the filter.',
  BULK_SELECTION_CHANGED:
    'The files matching the filter changed since you looked: check the count and confirm again.',
  BULK_REQUEST_INVALID: 'Reload the page and try again.',
  BULK_JOB_NOT_FOUND: 'This bulk action was not found.',
  BULK_STARTED: 'The bulk action has started.',
  BULK_FILE_HIDDEN: 'A file you may not open',
  BULK_TEMPLATE_REQUIRED: 'Choose a checklist template.',
  BULK_REPLY_REQUIRED: 'Choose a canned message.',
  VIEW_NOT_FOUND: 'This saved view was not found.',
  VIEW_NAME_REQUIRED: 'Give the view a name.',
  VIEW_NAME_TAKEN: 'You already have a view with this name.',
  VIEW_SHARE_ADMIN_ONLY: 'Only an admin can share a view with the firm or change a shared one.',
  VIEW_LIMIT: 'You can keep up to 30 saved views: remove one first.',
  VIEW_COLUMNS_INVALID: 'Choose at least one of the queue’s columns to show.',
  VIEW_SAVED: 'The view is saved.',
  VIEW_REMOVED: 'The view is removed.',
  BULK_REMINDED_RECENTLY: 'You sent this client a reminder in the last 10 minutes.',
  BULK_STARTER_GONE: 'The staff member who started this can no longer work files.',
  BULK_FILE_FAILED: 'Something went wrong with this file: try it on its own page.',
  FILE_ACTION_PRICE_ITEMS_REQUIRED: 'Choose one to 10 different items of the price list.',
  FILE_ACTION_PRICE_ITEM_GONE: 'An item of this invoice is no longer on the price list.',
  FILE_ACTION_DELIVERABLE_EXISTS: 'The file already has this deliverable.',
  FILE_ACTION_SIGNATURE_OPEN: 'This document is already waiting for the client to sign it.',
  SIGNATURE_TEMPLATE_NOT_FOUND: 'This document to sign was not found among the kept ones.',
  SIGNATURE_TEMPLATE_REQUIRED: 'Choose a kept document to sign.',
  SIGNATURE_TEMPLATE_SAVED: 'The document is kept: bulk actions and automations can send it to sign.',
  SIGNATURE_TEMPLATE_REMOVED: 'The document is no longer offered. Documents already sent stay as they are.',
  AUTOMATION_NOT_FOUND: 'This automation was not found.',
  AUTOMATION_NAME_REQUIRED: 'Give the automation a name.',
  AUTOMATION_ACTION_INVALID: 'Choose what the automation does.',
  AUTOMATION_SAVED: 'The automation is saved.',
  AUTOMATION_PAUSED: 'The automation is paused: it does nothing until you resume it.',
  AUTOMATION_RESUMED: 'The automation is running: it acts on each file that enters its status from now on.',
  AUTOMATION_LIMIT: 'The firm can keep up to 50 automations.',
  AUTOMATION_TEMPLATE_NOT_FIRMS:
    'An automation applies only a checklist template that admins keep (not one a staff member keeps for themselves).',
  AUTOMATION_AUTHOR_UNKNOWN: 'An admin no longer at the firm',
  AUTOMATION_ENTRY_CHANGED: 'The automation was changed to another status before it ran on this file.',
  AUTOMATION_AUTHOR_GONE:
    'The admin who last saved this automation can no longer act on files: an admin must save or resume it.',
} as const;
