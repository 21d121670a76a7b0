import { CALLS } from '@taxfirm/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The tax years the firm offers (settings/taxyears), the current one first: for every year selector. */
export function useTaxYears() {
  return useQuery({ queryKey: ['tax-years'], queryFn: () => api(CALLS.taxYears, {}), staleTime: 5 * 60_000 });
}
