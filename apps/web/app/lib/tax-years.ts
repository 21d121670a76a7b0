import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export function getTaxYears() {
  return api(CALLS.taxYears, {});
}

/** The tax years the firm offers (settings/taxyears), the current one first: for every year selector. */
export const taxYearsQueryOptions = () =>
  queryOptions({ queryKey: ['tax-years'], queryFn: getTaxYears, staleTime: 5 * 60_000 });

export function useTaxYears() {
  return useQuery(taxYearsQueryOptions());
}
