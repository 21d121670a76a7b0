import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';

/** Every tax year the session client has with the firm, newest first (account/years/list). */
export function getYears() {
  return api(CALLS.accountYearsList, {});
}

export const yearsQueryOptions = () => queryOptions({ queryKey: ['years'], queryFn: getYears });

export function useYears() {
  return useQuery(yearsQueryOptions());
}

/** One tax year: status, summaries, signed documents, invoices, uploads and the checklist (account/years/get). */
export function getYear(taxYear: number) {
  return api(CALLS.accountYearsGet, { tax_year: taxYear });
}

export const yearQueryOptions = (taxYear: number) =>
  queryOptions({
    queryKey: ['years', taxYear],
    queryFn: () => getYear(taxYear),
    // Its download links are short-lived: read again when the client comes back to the window.
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
  });

export function useYear(taxYear: number) {
  return useQuery(yearQueryOptions(taxYear));
}

/** A short-lived link to a filed return; the server asks for a fresh step-up first. */
export function getYearReturnLink(documentId: string) {
  return api(CALLS.accountYearsReturn, { document_id: documentId });
}

/** A short-lived link to the whole tax year as one ZIP; the server asks for a fresh step-up first. */
export function getYearZipLink(taxYear: number) {
  return api(CALLS.accountYearsZip, { tax_year: taxYear });
}
