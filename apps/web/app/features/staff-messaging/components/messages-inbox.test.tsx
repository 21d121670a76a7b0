import { MantineProvider } from '@mantine/core';
import { CALLS, type InboxThread, type StaffInbox } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { MessagesNavLabel } from './messages-nav-label.tsx';
import { MessagesInbox } from './messages-inbox.tsx';
import { api } from '../../../testing/api-mock.ts';

const ANALYST = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const thread = (n: number, over: Partial<InboxThread> = {}): InboxThread => ({
  client_id: `5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a1${n}`,
  name: `Client ${n}`,
  file_number: `TF25-000${n}`,
  status: 'open',
  analyst: { user_id: ANALYST, name: 'Ravi Shah' },
  unread: 0,
  last_message_at: '2026-02-01T15:00:00.000Z',
  last_from: 'staff',
  ...over,
});
const INBOX: StaffInbox = {
  http_code: 200,
  status_smessage: 'Success',
  threads: [
    thread(1, { name: 'Asha Rao', unread: 2, last_from: 'client' }),
    thread(2, { name: 'Meera Iyer', status: 'waiting', analyst: null }),
  ],
  total: 2,
  total_more: false,
  page: 1,
  page_size: 25,
  unread_threads: 1,
  unread_more: false,
  analysts: [{ user_id: ANALYST, name: 'Ravi Shah' }],
};

const inboxBodies = () =>
  api.mock.calls.filter(([call]) => call === CALLS.staffMessagesInbox).map(([, body]) => body as object);

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffMessagesInbox.path) return INBOX;
    throw new Error(`unexpected call ${call.path}`);
  });
});

function renderInbox() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <MessagesInbox />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('MessagesInbox', () => {
  it('shows unread conversations in bold with their count, each linked to the messages on the client’s file', async () => {
    renderInbox();
    const table = await screen.findByRole('table', { name: /2 conversations; 1 with unread messages/ });
    const asha = within(table).getByRole('link', { name: 'Asha Rao' });
    expect(asha).toHaveAttribute('href', '/staff/clients/5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11/messages');
    expect(asha).toHaveStyle({ fontWeight: '700' });
    expect(within(table).getByText('2 unread')).toBeInTheDocument();
    const rowOf = (name: string) => {
      const tr = within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('link', { name }));
      if (!tr) throw new Error(`no row for ${name}`);
      return tr;
    };
    expect(within(rowOf('Asha Rao')).getByText('from the client')).toBeInTheDocument();
    const meera = rowOf('Meera Iyer');
    expect(within(meera).getByText('Waiting on client')).toBeInTheDocument();
    expect(within(meera).getByText('Not assigned')).toBeInTheDocument();
    expect(within(meera).queryByText(/unread/)).toBeNull();
    // The table scrolls sideways in a named, focusable viewport at 390 px.
    expect(screen.getByLabelText('Conversations')).toHaveAttribute('tabindex', '0');
    expect(await axeViolations()).toEqual([]);
  });

  it('sends each filter and the search in the inbox call, back on page 1', async () => {
    const user = userEvent.setup();
    renderInbox();
    await screen.findByRole('link', { name: 'Asha Rao' });
    expect(inboxBodies()[0]).toEqual({ page: 1 });

    await user.selectOptions(screen.getByLabelText('Analyst'), 'Unassigned');
    await waitFor(() => expect(inboxBodies().at(-1)).toEqual({ page: 1, analyst: 'unassigned' }));
    await user.selectOptions(screen.getByLabelText('Analyst'), 'Ravi Shah');
    await user.selectOptions(screen.getByLabelText('Status'), 'Waiting on client');
    await user.click(screen.getByLabelText('Unread only'));
    await waitFor(() =>
      expect(inboxBodies().at(-1)).toEqual({
        page: 1,
        analyst: ANALYST,
        status: 'waiting',
        unread_only: true,
      }),
    );
    await user.type(screen.getByLabelText('Search'), ' TF25-0001 ');
    await waitFor(() =>
      expect(inboxBodies().at(-1)).toEqual({
        page: 1,
        analyst: ANALYST,
        status: 'waiting',
        unread_only: true,
        q: 'TF25-0001',
      }),
    );
  });

  it('pages through the server’s pages', async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (_call: unknown, body: { page: number }) => ({
      ...INBOX,
      total: 60,
      page: body.page,
    }));
    renderInbox();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(inboxBodies().at(-1)).toEqual({ page: 2 }));
    expect(await screen.findByText('Showing 26 to 50 of 60')).toBeInTheDocument();
  });

  it('says "1,000+" where the server’s counts stopped at their bound, and the menu’s badge too', async () => {
    api.mockImplementation(async () => ({
      ...INBOX,
      total: 1000,
      total_more: true,
      unread_threads: 1000,
      unread_more: true,
    }));
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <MessagesNavLabel />
            <MessagesInbox />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(
      await screen.findByText('1,000+ conversations; 1,000+ with unread messages in all'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 25 of 1,000+')).toBeInTheDocument();
    expect(screen.getByText('1,000+')).toBeInTheDocument(); // the menu's badge
  });
});
