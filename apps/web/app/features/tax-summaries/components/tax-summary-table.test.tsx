import { MantineProvider } from '@mantine/core';
import { CALLS } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { TaxSummaryTable } from './tax-summary-table.tsx';

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path !== CALLS.userSynopsys.path) throw new Error(`unexpected call ${call.path}`);
    return {
      http_code: 200,
      status_smessage: 'Success',
      synopsysinfo: [
        {
          synopsys_title: 'Draft summary 2025',
          synopsys_file: '/api/summaries/file?t=draft',
          synopsys_status: 'Published',
        },
        {
          synopsys_title: 'Final return 2025',
          synopsys_file: '',
          synopsys_status: 'Published',
          held_until_paid: true,
        },
      ],
    };
  });
});

describe('TaxSummaryTable', () => {
  it('lists a summary held until paid as "Available once paid", with the way to the invoices instead of a download', async () => {
    const { container } = render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <main>
              <h1>View Tax Summary</h1>
              <TaxSummaryTable />
            </main>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByText('Final return 2025');
    const [, open, held] = screen.getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(held).toHaveTextContent('Final return 2025');
    expect(held).toHaveTextContent('Available once paid.');
    expect(within(held).queryByRole('link', { name: /^Download/ })).not.toBeInTheDocument();
    expect(
      within(held).getByRole('link', { name: 'Pay your invoice to download Final return 2025' }),
    ).toHaveAttribute('href', '/user/invoices');
    expect(open).toHaveTextContent('Draft summary 2025');
    expect(within(open).getByRole('link', { name: 'Download Draft summary 2025' })).toHaveAttribute(
      'href',
      '/api/summaries/file?t=draft',
    );
    expect(open).not.toHaveTextContent('Available once paid');
    expect(await axeViolations(container)).toEqual([]);
  });
});
