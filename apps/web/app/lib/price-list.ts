import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The firm's price list and whether it bills in INR too. Shared: invoices (staff-invoices) are made from it,
 * and a bulk action or an automation sends one from its items.
 */
export function getPriceList() {
  return api(CALLS.staffPricelistList, {});
}

export const priceListQueryOptions = () =>
  queryOptions({ queryKey: ['staff-pricelist'], queryFn: getPriceList, retry: false });

export function usePriceList() {
  return useQuery(priceListQueryOptions());
}
