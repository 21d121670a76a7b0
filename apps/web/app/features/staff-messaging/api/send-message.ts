import { CALLS, MESSAGE_UPLOAD_FIELD } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateThreads } from './get-thread.ts';

export type SendMessageInput = {
  clientId: string;
  body: string;
  /** An internal note: kept in the thread for staff, never shown or sent to the client. */
  internal: boolean;
  taxYear?: number;
  files: readonly File[];
};

/** A reply to the client (they get a content-free e-mail) or an internal note, with up to five files. */
export function sendMessage({ clientId, body, internal, taxYear, files }: SendMessageInput) {
  return api(
    CALLS.staffMessagesSend,
    { client_id: clientId, body, internal, ...(taxYear === undefined ? {} : { taxy: taxYear }) },
    { [MESSAGE_UPLOAD_FIELD]: files },
  );
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendMessage, onSuccess: () => invalidateThreads(client) });
}
