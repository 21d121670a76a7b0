import { CALLS, SIGNATURE_DOCUMENT_FIELD, SIGNATURE_RETURN_FIELD, type CallBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { renewWhenOld } from '../../../lib/short-lived-links.ts';
import { signatureTemplatesQueryOptions } from '../../../lib/signature-templates.ts';

/** A client's documents to sign for a tax year: signers, evidence, signed files and hashes. */
export function getStaffSignatures(clientId: string, taxYear: number) {
  return api(CALLS.staffSignaturesList, { client_id: clientId, taxy: taxYear });
}

export const staffSignaturesQueryOptions = (clientId: string, taxYear: number) =>
  queryOptions({
    queryKey: ['staff-signatures', clientId, taxYear],
    queryFn: () => getStaffSignatures(clientId, taxYear),
    retry: false,
  });

/** The list, with its short-lived file links renewed when the staff member comes back to it. */
export function useStaffSignatures(clientId: string, taxYear: number) {
  const query = useQuery(staffSignaturesQueryOptions(clientId, taxYear));
  const ttlMs = (query.data?.expires_in ?? 0) * 1000;
  return { ...query, renewIfOld: renewWhenOld(query, Math.max(60_000, ttlMs - 60_000)) };
}

const invalidate = (client: QueryClient) => client.invalidateQueries({ queryKey: ['staff-signatures'] });

export type CreateSignatureInput = {
  fields: CallBody<typeof CALLS.staffSignaturesCreate>;
  document: File;
  fullReturn: File | null;
};

/** Put a PDF up to sign (and the full return to read first), in one multipart request. */
export function createSignature({ fields, document, fullReturn }: CreateSignatureInput) {
  return api(CALLS.staffSignaturesCreate, fields, {
    [SIGNATURE_DOCUMENT_FIELD]: document,
    [SIGNATURE_RETURN_FIELD]: fullReturn,
  });
}

export function useCreateSignature() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSignature, onSuccess: () => invalidate(client) });
}

/** Withdraw a document that is not yet signed, with a reason (it is kept). */
export function voidSignature(body: CallBody<typeof CALLS.staffSignaturesVoid>) {
  return api(CALLS.staffSignaturesVoid, body);
}

export function useVoidSignature() {
  const client = useQueryClient();
  return useMutation({ mutationFn: voidSignature, onSuccess: () => invalidate(client) });
}

/** Reopen a document locked after too many wrong codes (security review 2, S2-06). */
export function reopenSignature(documentId: string) {
  return api(CALLS.staffSignaturesReopen, { document_id: documentId });
}

export function useReopenSignature() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reopenSignature, onSuccess: () => invalidate(client) });
}

/** Make the spouse's signing link stop working at once (S2-05). */
export function revokeSpouseLink(documentId: string) {
  return api(CALLS.staffSignaturesSpouseRevoke, { document_id: documentId });
}

export function useRevokeSpouseLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeSpouseLink, onSuccess: () => invalidate(client) });
}

/** E-mail the spouse a new link (the old one dies at once), S2-05. */
export function resendSpouseLink(documentId: string) {
  return api(CALLS.staffSignaturesSpouseResend, { document_id: documentId });
}

export function useResendSpouseLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resendSpouseLink, onSuccess: () => invalidate(client) });
}

/** Keep a PDF to sign once, with its kind and title (admins); the answer is the kept list. */
export function useSaveSignatureTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      fields,
      document,
    }: {
      fields: CallBody<typeof CALLS.staffSignatureTemplatesSave>;
      document: File;
    }) => api(CALLS.staffSignatureTemplatesSave, fields, { [SIGNATURE_DOCUMENT_FIELD]: document }),
    onSuccess: (answer) => client.setQueryData(signatureTemplatesQueryOptions().queryKey, answer),
  });
}

/** Stop offering a kept document (admins); the answer is the kept list. */
export function useRemoveSignatureTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => api(CALLS.staffSignatureTemplatesRemove, { template_id: templateId }),
    onSuccess: (answer) => client.setQueryData(signatureTemplatesQueryOptions().queryKey, answer),
  });
}
