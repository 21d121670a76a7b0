import { CALLS, type ClientInvoice } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { BalanceDueCard } from './balance-due-card.tsx';
import { invoiceFixture } from './invoice.fixture.ts';
import { InvoiceListPage } from './invoice-list-page.tsx';
import { api } from '../../../testing/api-mock.ts';

const OPEN = invoiceFixture({ overdue: true });
const OPEN_INR = invoiceFixture({
  id: '00000000-0000-4000-8000-0000000000a2',
  number: 'INV-2026-0002',
  currency: 'INR',
  status: 'sent',
  total: 500000,
  paid: 0,
  balance: 500000,
  due_date: null,
  payments: [],
});
const PAID = invoiceFixture({
  id: '00000000-0000-4000-8000-0000000000a3',
  number: 'INV-2025-0009',
  tax_year: 2024,
  status: 'paid',
  paid: 35000,
  balance: 0,
});
const VOID = invoiceFixture({
  id: '00000000-0000-4000-8000-0000000000a4',
  number: 'INV-2025-0010',
  status: 'void',
  void_reason: 'Billed twice',
});

function answerWith(invoices: ClientInvoice[], balance: { currency: 'USD' | 'INR'; amount: number }[]) {
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.accountInvoicesList.path)
      return { http_code: 200, status_smessage: 'Success', balance, invoices, part_payments: false };
    throw new Error(`unexpected call ${call.path}`);
  });
}

beforeEach(() => {
  api.mockReset();
  answerWith(
    [OPEN, OPEN_INR, PAID, VOID],
    [
      { currency: 'USD', amount: 15000 },
      { currency: 'INR', amount: 500000 },
    ],
  );
});

function renderIt(ui: React.ReactNode) {
  return renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
}

describe('BalanceDueCard', () => {
  it('shows what is due per currency and each open invoice with View and pay', async () => {
    const { container } = renderIt(<BalanceDueCard />);
    const card = await screen.findByRole('region', { name: 'Balance due' });
    expect(within(card).getByText('$150.00')).toBeVisible();
    expect(within(card).getByText('₹5,000.00')).toBeVisible();
    const items = within(card).getAllByRole('listitem');
    // Only the open ones: not the paid invoice, nor the void one.
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('INV-2026-0001');
    expect(within(items[0] as HTMLElement).getByText('Overdue')).toBeVisible();
    expect(items[0]).toHaveTextContent('Tax year 2025 · Due 12-15-2026');
    expect(items[0]).toHaveTextContent('Balance due $150.00');
    expect(items[1]).toHaveTextContent('Balance due ₹5,000.00');
    expect(within(items[1] as HTMLElement).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View and pay INV-2026-0001' })).toHaveAttribute(
      'href',
      `/user/invoices/${OPEN.id}`,
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says nothing is due when every invoice is settled', async () => {
    answerWith([PAID], []);
    renderIt(<BalanceDueCard />);
    const card = await screen.findByRole('region', { name: 'Balance due' });
    expect(within(card).getByText('Nothing is due. Thank you.')).toBeVisible();
    expect(within(card).queryByRole('link', { name: /View and pay/ })).not.toBeInTheDocument();
  });

  it('shows nothing to a client without invoices', async () => {
    answerWith([], []);
    // The list beside it reads the same answer: once it has, the card has too.
    renderIt(
      <>
        <BalanceDueCard />
        <InvoiceListPage />
      </>,
    );
    expect(await screen.findByText('You have no invoices yet.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Balance due' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Balance due/)).not.toBeInTheDocument();
  });
});

describe('InvoiceListPage', () => {
  it('lists every invoice with its status and balance, each a link to its page', async () => {
    const { container } = renderIt(
      <main>
        <h1>Invoices</h1>
        <InvoiceListPage />
      </main>,
    );
    const first = await screen.findByRole('link', { name: 'Invoice INV-2026-0001' });
    expect(first).toHaveAttribute('href', `/user/invoices/${OPEN.id}`);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Partly paid');
    expect(items[0]).toHaveTextContent('Overdue');
    expect(items[0]).toHaveTextContent('Total $350.00');
    expect(items[0]).toHaveTextContent('Balance due $150.00');
    expect(items[2]).toHaveTextContent('Paid');
    expect(items[2]).toHaveTextContent('Balance due $0.00');
    expect(items[3]).toHaveTextContent('Void');
    expect(items[3]).not.toHaveTextContent('Balance due');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says when there are no invoices', async () => {
    answerWith([], []);
    renderIt(<InvoiceListPage />);
    expect(await screen.findByText('You have no invoices yet.')).toBeVisible();
  });
});
