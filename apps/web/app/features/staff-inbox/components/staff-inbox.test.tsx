import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '../../../lib/api-client.ts';
import { StaffInbox } from './staff-inbox.tsx';

// The other tabs' lists stay loading: this test is about the tabs.
const { api } = vi.hoisted(() => ({ api: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  api,
}));

function renderInbox(role: 'admin' | 'analyst') {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <StaffInbox role={role} invoices={<p>The invoices list</p>} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('StaffInbox', () => {
  it('gives an admin the Invoices tab, which shows the list the route hands it', async () => {
    renderInbox('admin');
    await userEvent.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(screen.getByText('The invoices list')).toBeVisible();
  });

  it('has no Invoices tab for an analyst', () => {
    renderInbox('analyst');
    expect(screen.queryByRole('tab', { name: 'Invoices' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Payments' })).toBeNull();
  });
});
