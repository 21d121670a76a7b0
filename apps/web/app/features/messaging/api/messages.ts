import { CALLS, MESSAGE_UPLOAD_FIELD } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';

/** The session's conversation with the firm, oldest first; one tax year's messages, or every year's. */
export function getMessages(taxYear?: number) {
  return api(CALLS.accountMessagesList, taxYear === undefined ? {} : { taxy: taxYear });
}

export const messagesQueryOptions = (taxYear?: number) =>
  queryOptions({
    queryKey: ['messages', taxYear ?? 'all'],
    queryFn: () => getMessages(taxYear),
    // The attachments' download links are short-lived: renewed when the client returns, never on a timer
    // (a poll would keep an idle session alive).
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
    // Changing the year filter keeps the conversation on screen until the other year's arrives.
    placeholderData: keepPreviousData,
  });

export function useMessages(taxYear?: number) {
  return useQuery(messagesQueryOptions(taxYear));
}

export type NewMessage = {
  body: string;
  files: readonly File[];
  /** The year the message is about (the page's filter); the server's current year when absent. */
  taxYear?: number;
  onProgress?: (sent: number) => void;
};

/** Write to the firm: the text, then the attachments, in one multipart request. */
export function sendMessage({ body, files, taxYear, onProgress }: NewMessage) {
  return api(
    CALLS.accountMessagesSend,
    taxYear === undefined ? { body } : { body, taxy: taxYear },
    { [MESSAGE_UPLOAD_FIELD]: files },
    onProgress ? { onUploadProgress: onProgress } : {},
  );
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => client.invalidateQueries({ queryKey: ['messages'] }),
  });
}

/** Mark the firm's messages read: their authors see "Seen". */
export function markMessagesRead() {
  return api(CALLS.accountMessagesRead, {});
}

/**
 * Mark read, then `onRead` (the caller refreshes the bell and the menu's badge). The open conversation's own
 * count drops at once; its messages stay as they are.
 */
export function useMarkMessagesRead(onRead?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSuccess: () => {
      client.setQueriesData<Awaited<ReturnType<typeof getMessages>>>({ queryKey: ['messages'] }, (data) =>
        data ? { ...data, unread: 0 } : data,
      );
      onRead?.();
    },
  });
}
