import { CALLS, type CallBody } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the spouse's e-mailed link is for (the token is the only identity). */
export function getSpouseSignature(token: string) {
  return api(CALLS.spouseSignatureGet, { token });
}

export const spouseSignatureQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['spouse-signature', token],
    queryFn: () => getSpouseSignature(token),
    // Opening is recorded when the file is served: read again when the signer comes back to the window.
    refetchOnWindowFocus: true,
    retry: false,
  });

export function useSpouseSignature(token: string) {
  return useQuery(spouseSignatureQueryOptions(token));
}

export function openSpouseDocument(body: CallBody<typeof CALLS.spouseSignatureOpen>) {
  return api(CALLS.spouseSignatureOpen, body);
}

export function sendSpouseCode(token: string) {
  return api(CALLS.spouseSignatureCode, { token });
}

export function signAsSpouse(body: CallBody<typeof CALLS.spouseSignatureSign>) {
  return api(CALLS.spouseSignatureSign, body);
}
