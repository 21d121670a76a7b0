import { CALLS, type CallBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';

/** The session's documents to sign (pending first) and signed, for the current tax year. */
export function getSignatures() {
  return api(CALLS.accountSignaturesList, {});
}

export const signaturesQueryOptions = () =>
  queryOptions({
    queryKey: ['signatures'],
    queryFn: getSignatures,
    // The signed files' links are short-lived, and opening a document is recorded by the server when it serves
    // the file: read again when the client comes back to the window.
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
  });

export function useSignatures() {
  return useQuery(signaturesQueryOptions());
}

/**
 * The checklist items of documents the client chose to sign on paper: they take the signed pages whatever the
 * filing's status (an 8879 comes after documents are collected), so the checklist keeps them open.
 */
export function usePaperItemIds(): string[] {
  const documents = useSignatures().data?.documents ?? [];
  return documents.flatMap((d) => (d.status === 'paper' && d.paper_item_id ? [d.paper_item_id] : []));
}

/** A short-lived link to the whole document (or the full return); serving it records the opening. */
export function openSignatureDocument(body: CallBody<typeof CALLS.accountSignaturesOpen>) {
  return api(CALLS.accountSignaturesOpen, body);
}

export function useOpenSignatureDocument() {
  return useMutation({ mutationFn: openSignatureDocument });
}

/** E-mail the signer a one-time code (the server asks for a fresh password or authenticator step first). */
export function sendSignatureCode(documentId: string) {
  return api(CALLS.accountSignaturesCode, { document_id: documentId });
}

export function signDocument(body: CallBody<typeof CALLS.accountSignaturesSign>) {
  return api(CALLS.accountSignaturesSign, body);
}

export function useSignDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signDocument,
    onSuccess: () => client.invalidateQueries({ queryKey: ['signatures'] }),
  });
}

/** "Print, sign and upload instead": the document becomes a checklist item for the wet-signed pages. */
export function signOnPaper(documentId: string) {
  return api(CALLS.accountSignaturesPaper, { document_id: documentId });
}

export function useSignOnPaper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOnPaper,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['signatures'] }),
        client.invalidateQueries({ queryKey: ['requests'] }),
      ]),
  });
}
