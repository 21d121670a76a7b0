import { builtInOrganizer, CALLS, type CallDefinition, type Organizer } from '@taxfirm/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { OrganizerCard } from './organizer-card.tsx';

function answerWith(over: Partial<Organizer>) {
  api.mockImplementation(async (call: CallDefinition) => {
    if (call !== CALLS.accountOrganizerGet) throw new Error(`Unexpected call ${call.path}`);
    return {
      http_code: 200,
      status_smessage: 'Success',
      organizer: {
        tax_year: 2025,
        state: 'not_started',
        definition: builtInOrganizer(2025),
        answers: {},
        progress: { done: 0, total: 6 },
        last_year: null,
        presence: { applies: false, weighted_days: 0, meets: false, explanation: '' },
        sent_at: null,
        updated_at: null,
        ...over,
      },
    };
  });
}

beforeEach(() => {
  api.mockReset();
});

describe('OrganizerCard', () => {
  it('invites the client to start', async () => {
    answerWith({});
    renderWithProviders(<OrganizerCard />, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'Your 2025 organizer' })).toBeInTheDocument();
    expect(screen.getByText(/^Not started/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/user/organizer');
  });

  it('says how far the client is, and continues', async () => {
    answerWith({ state: 'in_progress', progress: { done: 2, total: 6 } });
    renderWithProviders(<OrganizerCard />, { route: '/' });
    expect(await screen.findByText('In progress (2 of 6 sections)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/user/organizer');
  });

  it('once sent, links to the answers', async () => {
    answerWith({ state: 'sent', sent_at: '2026-02-10T15:00:00.000Z' });
    renderWithProviders(<OrganizerCard />, { route: '/' });
    expect(await screen.findByText(/Organizer sent/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your answers' })).toHaveAttribute(
      'href',
      '/user/organizer',
    );
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
  });
});
