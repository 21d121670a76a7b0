import { CALLS, type CallBody, type StaffInvoicesListBody } from '@taxfirm/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS, renewWhenOld } from '../../../lib/short-lived-links.ts';
import { priceListQueryOptions } from '../../../lib/price-list.ts';

/** Invoices by filter: one client's (file rules apply) or the firm's (admins), with the filter's totals. */
export function getStaffInvoices(body: StaffInvoicesListBody) {
  return api(CALLS.staffInvoicesList, body);
}

export const staffInvoicesQueryOptions = (body: StaffInvoicesListBody) =>
  queryOptions({
    queryKey: ['staff-invoices', body],
    queryFn: () => getStaffInvoices(body),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The list, with its short-lived PDF and receipt links renewed when the staff member comes back to it. */
export function useStaffInvoices(body: StaffInvoicesListBody) {
  const query = useQuery(staffInvoicesQueryOptions(body));
  return { ...query, renewIfOld: renewWhenOld(query, LINKS_MAX_AGE_MS) };
}

/** Replace the whole price list, in its order (admins); the answer is the saved list. */
export function savePriceList(body: CallBody<typeof CALLS.staffPricelistSave>) {
  return api(CALLS.staffPricelistSave, body);
}

export function useSavePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePriceList,
    onSuccess: (answer) => client.setQueryData(priceListQueryOptions().queryKey, answer),
  });
}

const invalidate = (client: QueryClient) => client.invalidateQueries({ queryKey: ['staff-invoices'] });

/** A draft invoice on a client's file for a tax year. */
export function createInvoice(body: CallBody<typeof CALLS.staffInvoicesCreate>) {
  return api(CALLS.staffInvoicesCreate, body);
}

/** A draft's new lines, discount, due date and note. */
export function saveInvoice(body: CallBody<typeof CALLS.staffInvoicesSave>) {
  return api(CALLS.staffInvoicesSave, body);
}

/** Send a draft: the client sees it and is e-mailed. */
export function sendInvoice(body: CallBody<typeof CALLS.staffInvoicesSend>) {
  return api(CALLS.staffInvoicesSend, body);
}

/** Void an invoice with a reason (kept). */
export function voidInvoice(body: CallBody<typeof CALLS.staffInvoicesVoid>) {
  return api(CALLS.staffInvoicesVoid, body);
}

/** Refund (part of) one payment through the provider (admins). */
export function refundInvoice(body: CallBody<typeof CALLS.staffInvoicesRefund>) {
  return api(CALLS.staffInvoicesRefund, body);
}

function useInvoiceMutation<B, R>(mutationFn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(client) });
}

export const useCreateInvoice = () => useInvoiceMutation(createInvoice);
export const useSaveInvoice = () => useInvoiceMutation(saveInvoice);
export const useSendInvoice = () => useInvoiceMutation(sendInvoice);
export const useVoidInvoice = () => useInvoiceMutation(voidInvoice);
export const useRefundInvoice = () => useInvoiceMutation(refundInvoice);
