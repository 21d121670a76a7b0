import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateStaffRequests } from './get-staff-requests.ts';

/** Add an item to a file's checklist. */
export function addChecklistItem(body: CallBody<typeof CALLS.staffRequestsItemsAdd>) {
  return api(CALLS.staffRequestsItemsAdd, body);
}

/** Rewrite a checklist item. */
export function editChecklistItem(body: CallBody<typeof CALLS.staffRequestsItemsEdit>) {
  return api(CALLS.staffRequestsItemsEdit, body);
}

/** Remove an item from the checklist. */
export function removeChecklistItem(body: CallBody<typeof CALLS.staffRequestsItemsRemove>) {
  return api(CALLS.staffRequestsItemsRemove, body);
}

/** Mark a checklist item not applicable (reason optional). */
export function markItemNotApplicable(body: CallBody<typeof CALLS.staffRequestsItemsNotApplicable>) {
  return api(CALLS.staffRequestsItemsNotApplicable, body);
}

/** Ask for a checklist item again. */
export function reopenChecklistItem(body: CallBody<typeof CALLS.staffRequestsItemsReopen>) {
  return api(CALLS.staffRequestsItemsReopen, body);
}

/** Put the checklist's items in a new order (every item, once). */
export function reorderChecklist(body: CallBody<typeof CALLS.staffRequestsItemsReorder>) {
  return api(CALLS.staffRequestsItemsReorder, body);
}

/** Add a template's items the checklist does not have yet. */
export function applyTemplate(body: CallBody<typeof CALLS.staffRequestsApplyTemplate>) {
  return api(CALLS.staffRequestsApplyTemplate, body);
}

/**
 * Changes to a checklist made from one place on the screen, with one pending state and one error between
 * them: the mutation runs the change it is handed (one of the calls above) and then reads the checklist again.
 */
export function useChangeChecklist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: () => Promise<{ status_smessage: string }>) => change(),
    onSuccess: () => invalidateStaffRequests(client),
  });
}
