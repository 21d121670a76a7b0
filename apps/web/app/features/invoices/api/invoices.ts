import { CALLS, type CallBody, type CallResponse, type ClientInvoice } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';

/** The order account/invoices/pay creates: what the provider's checkout is opened with. */
export type InvoiceOrder = CallResponse<typeof CALLS.accountInvoicesPay>;

/** The session client's invoices (never drafts) and what is due now, per currency. */
export function getInvoices() {
  return api(CALLS.accountInvoicesList, {});
}

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['invoices'],
    queryFn: getInvoices,
    // The PDF and receipt links are short-lived: read again when the client comes back to the window.
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
  });

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}

/** Open invoices: sent or partly paid, with something left to pay. */
export function isOpenInvoice(invoice: Pick<ClientInvoice, 'status' | 'balance'>): boolean {
  return (invoice.status === 'sent' || invoice.status === 'partly_paid') && invoice.balance > 0;
}

/** The number of open invoices, for the menu's count. */
export function useOpenInvoiceCount(): number {
  return useInvoices().data?.invoices.filter(isOpenInvoice).length ?? 0;
}

/** One of the session client's invoices: lines, payments, refunds and the links to its PDFs. */
export function getInvoice(invoiceId: string) {
  return api(CALLS.accountInvoicesGet, { invoice_id: invoiceId });
}

export const invoiceQueryOptions = (invoiceId: string) =>
  queryOptions({
    queryKey: ['invoices', invoiceId],
    queryFn: () => getInvoice(invoiceId),
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

export function useInvoice(invoiceId: string) {
  return useQuery(invoiceQueryOptions(invoiceId));
}

/** The provider's order for an own invoice: its balance, or `amount` cents when the firm takes part payments. */
export function payInvoice(body: CallBody<typeof CALLS.accountInvoicesPay>) {
  return api(CALLS.accountInvoicesPay, body);
}

export function usePayInvoice() {
  return useMutation({ mutationFn: payInvoice });
}
