import { CALLS, MESSAGES, type PaymentRecord } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { SANDBOX_ORDER } from '../../../testing/invoices.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PaymentFailure, PaymentReceipt } from './payment-outcome.tsx';
import { PaymentPage } from './payment-page.tsx';
import { api } from '../../../testing/api-mock.ts';

const INVOICE_ID = '00000000-0000-4000-8000-0000000000a1';
const record = (over: Partial<PaymentRecord> = {}): PaymentRecord => ({
  order_id: 'order_first',
  payment_id: 'pay_first',
  amount: 20000,
  currency: 'USD',
  status: 'paid',
  invoice_id: INVOICE_ID,
  invoice_number: 'INV-2026-0001',
  refunded: 5000,
  failure_reason: null,
  created_at: '2026-11-21T15:00:00.000Z',
  paid_at: '2026-11-21T15:00:00.000Z',
  ...over,
});
const ORDER = SANDBOX_ORDER;

type Status = {
  invoice: { id: string; number: string; balance: number } | null;
  part_payments: boolean;
  payments: PaymentRecord[];
};
let status: Status;

beforeEach(() => {
  status = {
    invoice: { id: INVOICE_ID, number: 'INV-2026-0001', balance: 15000 },
    part_payments: false,
    payments: [record()],
  };
  api.mockReset();
  api.mockImplementation(async (call: { path: string }, body: { order_id?: string }) => {
    switch (call.path) {
      case CALLS.paymentStatus.path:
        return {
          http_code: 200,
          status_smessage: 'Success',
          filestatus: 'Payment Pending',
          payment_open: true,
          ...status,
        };
      case CALLS.createOrder.path:
        return ORDER;
      case CALLS.sandboxOrder.path:
        return {
          http_code: 200,
          status_smessage: 'Success',
          order_id: ORDER.id,
          amount: ORDER.amount,
          currency: 'USD',
          merchant: ORDER.name,
          status: 'created',
        };
      case CALLS.sandboxPay.path:
        return {
          http_code: 200,
          status_smessage: 'Success',
          result: {
            status: 'captured',
            razorpay_payment_id: 'pay_second',
            razorpay_order_id: body.order_id,
            razorpay_signature: 'signed',
          },
        };
      case CALLS.verifyOrder.path:
        return { http_code: 200, status_smessage: 'Success', success: true };
      case CALLS.paymentOrder.path:
        return { http_code: 200, status_smessage: 'Success', order: record(), filestatus: 'Review Pending' };
      default:
        throw new Error(`unexpected call ${call.path}`);
    }
  });
});

const callsTo = (call: { path: string }) =>
  api.mock.calls.filter(([c]) => (c as { path: string }).path === call.path).map(([, body]) => body);

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderAt(ui: React.ReactNode, url = '/user/payment') {
  return renderWithProviders(
    <Routes>
      <Route path={url.split('?')[0]} element={<main>{ui}</main>} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: url },
  );
}

describe('PaymentPage', () => {
  it('prefills the balance of the open invoice, says which invoice it pays, and lists invoices and refunds', async () => {
    const { container } = renderAt(<PaymentPage />);
    expect(await screen.findByText('Paying invoice INV-2026-0001 (balance $150.00)')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Payment Amount \$/ })).toHaveValue('150.00');
    const history = screen.getByRole('region', { name: 'Your payments' });
    const [, row] = within(history).getAllByRole('row');
    expect(row).toHaveTextContent('$200.00');
    expect(row).toHaveTextContent('$50.00');
    expect(row).toHaveTextContent('INV-2026-0001');
    expect(within(history).getByRole('columnheader', { name: 'Invoice' })).toBeVisible();
    expect(within(history).getByRole('columnheader', { name: 'Refunded' })).toBeVisible();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('keeps the amount within the balance, and whole unless the firm takes part payments', async () => {
    renderAt(<PaymentPage />);
    const amount = await screen.findByRole('textbox', { name: /Payment Amount \$/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '150.01');
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByText(MESSAGES.INVOICE_PAY_OVER_BALANCE)).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByText(MESSAGES.INVOICE_PART_PAYMENTS_OFF)).toBeVisible();
    expect(callsTo(CALLS.createOrder)).toEqual([]);
  });

  it('takes any amount by the spec’s rules when no invoice is open', async () => {
    status = { invoice: null, part_payments: false, payments: [] };
    renderAt(<PaymentPage />);
    const amount = await screen.findByRole('textbox', { name: /Payment Amount \$/ });
    expect(amount).toHaveValue('');
    expect(screen.queryByText(/Paying invoice/)).not.toBeInTheDocument();
    await userEvent.type(amount, '0.50');
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByText(MESSAGES.AMOUNT_TOO_SMALL)).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '999');
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    await screen.findByRole('dialog', { name: /Sandbox checkout/ });
    expect(callsTo(CALLS.createOrder)).toEqual([expect.objectContaining({ amount: 99900, currency: 'USD' })]);
  });

  it('pays through the sandbox checkout: the server verifies the signed result, then the receipt', async () => {
    renderAt(<PaymentPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make Payment' }));
    const checkout = await screen.findByRole('dialog', { name: /Sandbox checkout/ });
    expect(callsTo(CALLS.createOrder)).toEqual([expect.objectContaining({ amount: 15000, currency: 'USD' })]);
    await userEvent.type(within(checkout).getByRole('textbox', { name: /Card number/ }), '4111111111111111');
    await userEvent.type(within(checkout).getByRole('textbox', { name: /Expiry/ }), '1299');
    await userEvent.type(within(checkout).getByRole('textbox', { name: /CVV/ }), '123');
    await userEvent.type(within(checkout).getByRole('textbox', { name: /Name on card/ }), 'Asha Rao');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Pay $150.00' }));
    expect(await screen.findByText('At /user/paymentsuccess?order_id=order_second')).toBeInTheDocument();
    expect(callsTo(CALLS.verifyOrder)).toEqual([
      { order_id: 'order_second', payment_id: 'pay_second', signature: 'signed', amount: 15000 },
    ]);
  });

  it('ends on the failure page when the checkout is closed, recording nothing as paid', async () => {
    renderAt(<PaymentPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make Payment' }));
    const checkout = await screen.findByRole('dialog', { name: /Sandbox checkout/ });
    await userEvent.click(within(checkout).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('At /user/paymentfailure?order_id=order_second')).toBeInTheDocument();
    expect(callsTo(CALLS.verifyOrder)).toEqual([]);
  });
});

describe('After paying an invoice', () => {
  it('the receipt names the invoice and leads back to it', async () => {
    renderAt(<PaymentReceipt orderId="order_first" />, '/user/paymentsuccess?order_id=order_first');
    const back = await screen.findByRole('link', { name: 'Back to your invoice' });
    expect(back).toHaveAttribute('href', `/user/invoices/${INVOICE_ID}`);
    expect(screen.getByRole('table', { name: 'Payment order_first' })).toHaveTextContent(
      'InvoiceINV-2026-0001',
    );
  });

  it('a receipt without an invoice has no way back to one', async () => {
    api.mockImplementation(async () => ({
      http_code: 200,
      status_smessage: 'Success',
      order: record({ invoice_id: null, invoice_number: null }),
      filestatus: 'Review Pending',
    }));
    renderAt(<PaymentReceipt orderId="order_first" />, '/user/paymentsuccess?order_id=order_first');
    expect(await screen.findByRole('link', { name: 'Go to dashboard' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Back to your invoice' })).not.toBeInTheDocument();
  });

  it('a failed invoice payment is tried again from the invoice', async () => {
    api.mockImplementation(async () => ({
      http_code: 200,
      status_smessage: 'Success',
      order: record({ status: 'failed', payment_id: null, paid_at: null, failure_reason: 'Declined' }),
      filestatus: 'Payment Pending',
    }));
    renderAt(
      <PaymentFailure orderId="order_first" contact={null} />,
      '/user/paymentfailure?order_id=order_first',
    );
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      `/user/invoices/${INVOICE_ID}`,
    );
  });
});
