import { CALLS, type Answers } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The session client's organizer of a tax year (the current one when none is given). */
export function getOrganizer(taxYear?: number) {
  return api(CALLS.accountOrganizerGet, taxYear === undefined ? {} : { taxy: taxYear });
}

export const organizerQueryOptions = (taxYear?: number) =>
  queryOptions({
    queryKey: ['organizer', taxYear ?? 'current'],
    queryFn: () => getOrganizer(taxYear),
  });

export function useOrganizer(taxYear?: number) {
  return useQuery(organizerQueryOptions(taxYear));
}

/** Keep the answers so far (the server drops the answers of questions that do not show). */
export function saveOrganizer(body: { answers: Answers }) {
  return api(CALLS.accountOrganizerSave, body);
}

/** Send the organizer to the preparer: the checklist gains the documents the answers call for. */
export function submitOrganizer(body: { answers: Answers }) {
  return api(CALLS.accountOrganizerSubmit, body);
}

export function useSaveOrganizer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveOrganizer,
    // The dashboard's card shows the progress; the page keeps its own draft, so a fresh read disturbs nothing.
    // Not awaited: the page moves on at once.
    onSuccess: () => void client.invalidateQueries({ queryKey: ['organizer'] }),
  });
}

export function useSubmitOrganizer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitOrganizer,
    // Not awaited, so the page shows the answer before the organizer reads again as sent.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['organizer'] });
      // The checklist (features/requests) gains the documents the answers call for.
      void client.invalidateQueries({ queryKey: ['requests'] });
    },
  });
}
