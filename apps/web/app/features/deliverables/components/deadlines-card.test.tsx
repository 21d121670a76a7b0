import { CALLS } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { DeadlinesCard } from './deadlines-card.tsx';

const answer = (deliverables: unknown[]) => ({
  http_code: 200,
  status_smessage: 'Success',
  tax_year: 2025,
  deliverables,
});

beforeEach(() => {
  api.mockReset();
});

describe('DeadlinesCard', () => {
  it('lists each deadline with what it waits on, and explains an extension in plain words', async () => {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path !== CALLS.accountDeliverables.path) throw new Error(`unexpected call ${call.path}`);
      return answer([
        {
          kind: 'federal',
          label: null,
          due_on: '2026-10-15',
          extended: true,
          waiting_on_you: true,
          done: false,
        },
        {
          kind: 'state',
          label: 'New Jersey',
          due_on: '2026-04-15',
          extended: false,
          waiting_on_you: false,
          done: true,
        },
        {
          kind: 'itr',
          label: null,
          due_on: '2026-07-31',
          extended: false,
          waiting_on_you: false,
          done: false,
        },
      ]);
    });
    const { container } = renderWithProviders(<DeadlinesCard />);
    const card = await screen.findByRole('region', { name: 'Your deadlines for 2025' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Federal return (Form 1040)Due 10-15-2026 (extended)We need something from you',
      'State return: New JerseyDue 04-15-2026Filed',
      'Indian return (ITR)Due 07-31-2026We are working on it',
    ]);
    expect(
      within(card).getByText(
        'We filed an extension for your federal return, so it is now due 10-15-2026. An extension gives more time to file, not to pay: any tax you owe is due by 04-15-2026.',
      ),
    ).toBeVisible();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says nothing of an extension when none is recorded, and shows nothing for a cancelled filing', async () => {
    api.mockResolvedValueOnce(
      answer([
        {
          kind: 'federal',
          label: null,
          due_on: '2026-04-15',
          extended: false,
          waiting_on_you: false,
          done: false,
        },
      ]),
    );
    const view = renderWithProviders(<DeadlinesCard />);
    const card = await screen.findByRole('region', { name: 'Your deadlines for 2025' });
    expect(within(card).queryByText(/extension/)).toBeNull();
    view.unmount();

    api.mockResolvedValueOnce(answer([]));
    const { queryClient } = renderWithProviders(<DeadlinesCard />);
    // The answer has come back, empty: still nothing on the page.
    await waitFor(() => expect(queryClient.getQueryData(['deliverables'])).toEqual(answer([])));
    expect(screen.queryByRole('region', { name: /Your deadlines/ })).toBeNull();
  });
});
