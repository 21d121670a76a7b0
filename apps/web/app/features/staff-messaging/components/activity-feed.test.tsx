import { MantineProvider } from '@mantine/core';
import { CALLS, type StaffActivity } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { ActivityFeed } from './activity-feed.tsx';
import { api } from '../../../testing/api-mock.ts';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const entry = (
  n: number,
  over: Partial<StaffActivity['items'][number]> = {},
): StaffActivity['items'][number] => ({
  client_id: CLIENT,
  name: 'Asha Rao',
  file_number: 'TF25-0001',
  tax_year: 2025,
  kind: 'upload',
  summary: `Uploaded file ${n}`,
  at: `2026-02-0${n}T15:00:00.000Z`,
  ...over,
});
const page = (n: number, items: StaffActivity['items'], more: boolean): StaffActivity => ({
  http_code: 200,
  status_smessage: 'Success',
  items,
  page: n,
  page_size: 2,
  more,
});

function renderFeed() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ActivityFeed />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  api.mockReset();
});

describe('ActivityFeed', () => {
  it('lists what clients did, newest first as the server orders it, and shows more on demand', async () => {
    api.mockImplementation(async (call: { path: string }, body: { page: number }) => {
      if (call.path !== CALLS.staffActivityList.path) throw new Error(`unexpected call ${call.path}`);
      return body.page === 1
        ? page(1, [entry(3, { kind: 'payment', summary: 'Paid $250.00' }), entry(2)], true)
        : page(2, [entry(1, { kind: 'message', summary: 'Sent a message' })], false);
    });
    const user = userEvent.setup();
    renderFeed();
    expect(screen.getByRole('heading', { name: 'Recent activity on your files' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    let rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^PaymentAsha Rao \(TF25-0001\): Paid \$250\.00/),
      expect.stringMatching(/^UploadAsha Rao \(TF25-0001\): Uploaded file 2/),
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Asha Rao' })).toHaveAttribute(
      'href',
      `/staff/clients/${CLIENT}`,
    );
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    rows = within(list).getAllByRole('listitem');
    expect(rows[2]).toHaveTextContent('Sent a message');
    expect(api).toHaveBeenLastCalledWith(CALLS.staffActivityList, { page: 2 });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says so when nothing happened', async () => {
    api.mockResolvedValue(page(1, [], false));
    renderFeed();
    expect(await screen.findByText(/Nothing new/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
