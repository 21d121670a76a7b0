import { CALLS, type StaffInvoicesListBody } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { InvoicesInbox } from './invoices-inbox.tsx';
import { CLIENT, staffInvoiceFixture } from './staff-invoice.fixture.ts';
import { api } from '../../../testing/api-mock.ts';

const ROW = staffInvoiceFixture({
  due_date: '2026-11-01',
  overdue: true,
  sent_at: '2026-10-20T15:00:00.000Z',
  lines: [],
  payments: [],
  pdf_url: '/api/staff/invoices/pdf?t=x',
  created_at: '2026-10-19T15:00:00.000Z',
  reminders_sent: 1,
});

const listBodies = () =>
  api.mock.calls
    .filter(([call]) => call === CALLS.staffInvoicesList)
    .map(([, body]) => body as StaffInvoicesListBody);

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }, body: StaffInvoicesListBody) => {
    if (call.path === CALLS.taxYears.path)
      return { http_code: 200, status_smessage: 'Success', taxyears: [2025, 2024] };
    if (call.path === CALLS.staffInvoicesList.path) {
      const none = body.filter === 'void';
      return {
        http_code: 200,
        status_smessage: 'Success',
        draw: 1,
        recordsTotal: 1,
        recordsFiltered: none ? 0 : 1,
        data: none ? [] : [ROW],
        totals: none
          ? []
          : [
              { currency: 'USD', count: 1, total: 35000, paid: 20000, balance: 15000 },
              { currency: 'INR', count: 2, total: 1000000, paid: 0, balance: 1000000 },
            ],
      };
    }
    throw new Error(`unexpected call ${call.path}`);
  });
});

function renderInbox() {
  return renderWithProviders(<InvoicesInbox />, { route: '/' });
}

describe('InvoicesInbox', () => {
  it('opens on the open invoices, with the totals of the filter per currency above the table', async () => {
    const { container } = renderInbox();
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(within(totals).getByText('Total $350.00, Paid $200.00, Balance $150.00, 1 invoice')).toBeVisible();
    expect(
      within(totals).getByText('Total ₹10,000.00, Paid ₹0.00, Balance ₹10,000.00, 2 invoices'),
    ).toBeVisible();
    expect(screen.getByLabelText('Show')).toHaveDisplayValue('Open');
    expect(listBodies()[0]).toEqual({
      filter: 'open',
      sort: { column: 'created', dir: 'desc' },
      dataTablesParameters: { draw: 1, start: 0, length: 25 },
    });

    const table = screen.getByRole('table', { name: '1 invoice' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('a row expected');
    expect(within(row).getByRole('link', { name: 'INV-2026-0001' })).toHaveAttribute(
      'href',
      `/staff/clients/${CLIENT}/billing`,
    );
    expect(within(row).getByRole('link', { name: 'Priya Rao' })).toHaveAttribute(
      'href',
      `/staff/clients/${CLIENT}`,
    );
    for (const text of ['TF25-0001', '2025', '$350.00', '$200.00', '$150.00', '11-01-2026 (overdue)']) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    expect(within(row).getByText('Partly paid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/staff/invoices/export?filter=open&sort=created&dir=desc',
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('filters by status and tax year, and the CSV follows the filters', async () => {
    renderInbox();
    await screen.findByRole('list', { name: 'Totals' });
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Overdue');
    await userEvent.selectOptions(screen.getByLabelText('Tax year'), '2025');
    await waitFor(() =>
      expect(listBodies().at(-1)).toEqual({
        filter: 'overdue',
        taxy: 2025,
        sort: { column: 'created', dir: 'desc' },
        dataTablesParameters: { draw: 1, start: 0, length: 25 },
      }),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/staff/invoices/export?filter=overdue&taxy=2025&sort=created&dir=desc',
    );

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Void');
    expect(await screen.findByText('No invoices match.')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Totals' })).getByText(
        'Total $0.00, Paid $0.00, Balance $0.00, 0 invoices',
      ),
    ).toBeVisible();
  });
});
