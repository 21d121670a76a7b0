import { CALLS, type AccountConsentsSaveBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The client's terms and §7216 answers, the consent's wording, and whether to ask now. */
export function getConsents() {
  return api(CALLS.accountConsentsGet, {});
}

export const consentsQueryOptions = () => queryOptions({ queryKey: ['consents'], queryFn: getConsents });

export function useConsents() {
  return useQuery(consentsQueryOptions());
}

export function saveConsents(body: AccountConsentsSaveBody) {
  return api(CALLS.accountConsentsSave, body);
}

export function useSaveConsents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveConsents,
    onSettled: () => client.invalidateQueries({ queryKey: consentsQueryOptions().queryKey }),
  });
}
