import { CALLS, WORKSHEET_PATHS, type Answers, type StaffWorksheetBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadPosted } from '../../../lib/api-client.ts';

/**
 * A file's organizer (issue 37): the answers, what changed from last year, the findings (FBAR, Form 8938, PFIC,
 * the foreign tax credit) and when staff last asked the client. The year-end rates move the findings, so a
 * rate saved in settings makes this stale too (its key starts with `staff-organizer`).
 */
export const staffOrganizerQueryOptions = (clientId: string, taxYear: number) =>
  queryOptions({
    queryKey: ['staff-organizer', clientId, taxYear],
    queryFn: () => api(CALLS.staffOrganizerGet, { client_id: clientId, taxy: taxYear }),
    retry: false,
  });

export function useStaffOrganizer(clientId: string, taxYear: number) {
  return useQuery(staffOrganizerQueryOptions(clientId, taxYear));
}

/** Ask the client to fill in the organizer: an e-mail now, reminders on the request schedule. */
export function useSendOrganizer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: string; taxYear: number }) =>
      api(CALLS.staffOrganizerSend, { client_id: body.clientId, taxy: body.taxYear }),
    onSettled: () => client.invalidateQueries({ queryKey: ['staff-organizer'] }),
  });
}

/**
 * Staff change the client's answers, with the reason (kept in the audit log with the staff member's name).
 * Once saved, the organizer reads again (findings and summary follow the answers) before the call resolves.
 */
export function useSaveOrganizerAnswers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: string; taxYear: number; answers: Answers; reason: string }) =>
      api(CALLS.staffOrganizerSave, {
        client_id: body.clientId,
        taxy: body.taxYear,
        answers: body.answers,
        reason: body.reason,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff-organizer'] }),
  });
}

export type WorksheetKind = keyof typeof WORKSHEET_PATHS;

/** A worksheet as a file (POSTed, the server names it); a refusal throws its ApiError. */
export function downloadWorksheet(kind: WorksheetKind, body: StaffWorksheetBody): Promise<void> {
  return downloadPosted(
    WORKSHEET_PATHS[kind],
    body,
    `${kind}-worksheet${body.taxy ? `-${body.taxy}` : ''}.${body.format}`,
  );
}
