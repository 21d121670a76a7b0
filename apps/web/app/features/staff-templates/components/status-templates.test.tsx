import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusTemplates } from './status-templates.tsx';

const TEMPLATES = {
  http_code: 200,
  status_smessage: 'Success',
  placeholders: ['first_name', 'tax_year'],
  templates: [
    {
      status: 'Payment Pending',
      subject: 'Time to pay',
      body: 'Please pay for your {tax_year} return.',
      customised: true,
    },
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const resets = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/staff/templates/reset')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/staff/templates/list') return json(TEMPLATES);
    if (url === '/api/staff/templates/reset') {
      return json({ http_code: 200, status_smessage: MESSAGES.TEMPLATE_RESET });
    }
    throw new Error(`unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StatusTemplates', () => {
  it('asks before discarding an edited e-mail for the built-in wording; only the confirm button resets it', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <StatusTemplates />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await user.click(await screen.findByRole('button', { name: /Payment Pending/ }));
    const restore = await screen.findByRole('button', { name: 'Use the built-in wording' });
    await user.click(restore);
    let dialog = await screen.findByRole('dialog', { name: 'Use the built-in wording for Payment Pending?' });
    expect(dialog).toHaveAccessibleDescription(
      'The edited subject and message of the Payment Pending e-mail are discarded for good; clients moved to Payment Pending from now on get the built-in wording.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resets()).toEqual([]);

    await user.click(restore);
    dialog = await screen.findByRole('dialog', { name: 'Use the built-in wording for Payment Pending?' });
    await user.click(within(dialog).getByRole('button', { name: 'Use built-in wording' }));
    expect(await screen.findByText(MESSAGES.TEMPLATE_RESET)).toBeInTheDocument();
    expect(resets()).toEqual([{ status: 'Payment Pending' }]);
  });
});
