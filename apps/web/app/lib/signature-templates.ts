import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The firm's documents to sign kept once (an engagement letter). Shared: admins keep them in settings
 * (staff-signatures), and a bulk action or an automation sends one.
 */
export const signatureTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['staff-signature-templates'],
    queryFn: () => api(CALLS.staffSignatureTemplatesList, {}),
    retry: false,
  });

export function useSignatureTemplates() {
  return useQuery(signatureTemplatesQueryOptions());
}
