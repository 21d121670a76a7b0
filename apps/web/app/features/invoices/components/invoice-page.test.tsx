import { CALLS, MESSAGES, type ClientInvoice } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as ApiClientModule from '../../../lib/api-client.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { SANDBOX_ORDER } from '../../../testing/invoices.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { invoiceFixture } from './invoice.fixture.ts';
import { InvoicePage } from './invoice-page.tsx';
import { api } from '../../../testing/api-mock.ts';

const ORDER = SANDBOX_ORDER;

let answer: { invoice: ClientInvoice; part_payments: boolean };

beforeEach(() => {
  answer = { invoice: invoiceFixture(), part_payments: false };
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.accountInvoicesGet.path)
      return { http_code: 200, status_smessage: 'Success', ...answer };
    if (call.path === CALLS.accountInvoicesPay.path) return ORDER;
    throw new Error(`unexpected call ${call.path}`);
  });
});

const payCalls = () =>
  api.mock.calls.filter(([call]) => call === CALLS.accountInvoicesPay).map(([, body]) => body);

function renderPage() {
  const onCheckout = vi.fn(async () => {});
  const view = renderWithProviders(<InvoicePage invoiceId={answer.invoice.id} onCheckout={onCheckout} />, {
    route: '/',
  });
  return { ...view, onCheckout };
}

describe('InvoicePage', () => {
  it('shows the invoice: number, status, year, due date, lines, discount with its reason, totals, payments and PDFs', async () => {
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2026-0001' })).toBeVisible();
    expect(screen.getByText('Partly paid')).toBeVisible();
    expect(screen.getByText('Tax year 2025 · Due 12-15-2026')).toBeVisible();
    expect(screen.getByText('Balance due $150.00')).toBeVisible();

    const details = screen.getByRole('region', { name: 'Details' });
    const rows = within(details)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ItemAmount',
      'Federal return (Form 1040)$300.00',
      'State return (each state)$88.89',
      'Subtotal$388.89',
      'Discount (10%)Returning client−$38.89',
      'Total$350.00',
      'Paid$200.00',
      'Balance due$150.00',
    ]);

    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('pay_first')).toBeVisible();
    expect(
      within(payments).getByRole('link', { name: /^Download receipt \(PDF\) for \$200\.00 paid/ }),
    ).toHaveAttribute('href', '/api/account/invoices/pdf?t=receipt-first');
    expect(screen.getByRole('link', { name: 'Download invoice (PDF)' })).toHaveAttribute(
      'href',
      '/api/account/invoices/pdf?t=invoice',
    );
    expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('pays the whole balance with "Pay $150.00" when the firm takes no part payments, then opens the checkout', async () => {
    const { onCheckout } = renderPage();
    expect(screen.queryByLabelText(/Amount to pay/)).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $150.00' }));
    await vi.waitFor(() => expect(onCheckout).toHaveBeenCalledTimes(1));
    // No amount: the server charges the balance, in the invoice's currency.
    expect(payCalls()).toEqual([{ invoice_id: answer.invoice.id }]);
    expect(onCheckout).toHaveBeenCalledWith(ORDER);
  });

  it('takes a part payment typed in dollars, sent in cents, and refuses more than the balance before asking', async () => {
    answer.part_payments = true;
    const { onCheckout, container } = renderPage();
    const amount = await screen.findByRole('textbox', { name: /Amount to pay/ });
    expect(amount).toHaveValue('150.00');

    await userEvent.clear(amount);
    await userEvent.type(amount, '150.01');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText(MESSAGES.INVOICE_PAY_OVER_BALANCE)).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '10.555');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText(MESSAGES.AMOUNT_DECIMALS)).toBeVisible();
    expect(payCalls()).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '100.25');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await vi.waitFor(() => expect(onCheckout).toHaveBeenCalledTimes(1));
    expect(payCalls()).toEqual([{ invoice_id: answer.invoice.id, amount: 10025 }]);
  });

  it("shows the server's refusal and opens no checkout", async () => {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.accountInvoicesGet.path)
        return { http_code: 200, status_smessage: 'Success', ...answer };
      throw new ApiClientModule.ApiError(MESSAGES.INVOICE_PART_PAYMENTS_OFF, {
        status: 422,
        code: 'UNPROCESSABLE',
      });
    });
    const { onCheckout } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $150.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.INVOICE_PART_PAYMENTS_OFF);
    expect(onCheckout).not.toHaveBeenCalled();
  });

  it('shows a void invoice with its reason and no Pay', async () => {
    answer.invoice = invoiceFixture({
      status: 'void',
      void_reason: 'Billed twice',
      paid: 0,
      balance: 35000,
      payments: [],
    });
    renderPage();
    expect(await screen.findByText(MESSAGES.INVOICE_VOID)).toBeVisible();
    expect(screen.getByText('Reason: Billed twice')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeVisible();
  });

  it('shows a paid invoice as Paid, with its refunds, and no Pay', async () => {
    answer.invoice = invoiceFixture({
      status: 'paid',
      paid: 35000,
      refunded: 0,
      balance: 0,
      paid_at: '2026-11-22T15:00:00.000Z',
      payments: [
        ...invoiceFixture().payments,
        {
          order_id: 'order_second',
          payment_id: 'pay_second',
          amount: 15000,
          refunded: 5000,
          method: 'card',
          paid_at: '2026-11-22T15:00:00.000Z',
          receipt_url: '/api/account/invoices/pdf?t=receipt-second',
        },
      ],
      refunds: [
        {
          order_id: 'order_second',
          amount: 5000,
          reason: 'Goodwill',
          refund_id: 'rfnd_one',
          created_at: '2026-11-23T15:00:00.000Z',
        },
      ],
    });
    renderPage();
    expect(await screen.findByText('Paid', { selector: 'p' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Download receipt \(PDF\)/ })).toHaveLength(2);
    expect(screen.getByText('Refunded $50.00')).toBeVisible();
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText(/^\$50\.00 refunded on/)).toBeVisible();
    expect(within(refunds).getByText('Goodwill')).toBeVisible();
    expect(within(refunds).getByText('rfnd_one')).toBeVisible();
  });

  it("says so when the invoice is not the client's (or does not exist)", async () => {
    api.mockImplementation(async () => {
      throw new ApiClientModule.ApiError(MESSAGES.INVOICE_NOT_FOUND, { status: 404, code: 'NOT_FOUND' });
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.INVOICE_NOT_FOUND);
    expect(screen.getByRole('link', { name: 'All your invoices' })).toHaveAttribute('href', '/user/invoices');
  });
});
