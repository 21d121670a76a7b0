import { MantineProvider } from '@mantine/core';
import { CALLS, type NotificationsResponse } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { NotificationBell } from './notification-bell.tsx';
import { api } from '../../../testing/api-mock.ts';

const LIST: NotificationsResponse = {
  http_code: 200,
  status_smessage: 'Success',
  unread: 2,
  messages_unread: 1,
  notifications: [
    {
      id: 'n1',
      kind: 'message',
      title: 'You have a new message from Example Tax',
      body: 'Open Messages to read it.',
      read: false,
      created_at: '2026-02-05T10:20:00.000Z',
    },
    {
      id: 'n2',
      kind: 'status',
      title: 'Your file moved to Preparation Pending',
      body: 'We are preparing your return.',
      read: false,
      created_at: '2026-02-04T10:20:00.000Z',
    },
  ],
};

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: unknown) =>
    call === CALLS.notifications ? LIST : { http_code: 200, status_smessage: 'Success', message: 'Done.' },
  );
});

describe('NotificationBell', () => {
  it("links a message's entry to Messages and closes on following it; other entries stay text", async () => {
    const router = createMemoryRouter([{ path: '*', element: <NotificationBell /> }], {
      initialEntries: [paths.user.dashboard.getHref()],
    });
    render(
      // env="test": no transitions, so the opened list is there at once.
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = within(dialog).getByRole('link', { name: 'You have a new message from Example Tax' });
    expect(link).toHaveAttribute('href', paths.user.messages.getHref());
    expect(within(dialog).queryByRole('link', { name: /Preparation Pending/ })).toBeNull();
    await user.click(link);
    expect(router.state.location.pathname).toBe(paths.user.messages.getHref());
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });
});
