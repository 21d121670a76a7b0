import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type StaffTeamMember } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { Team } from './team.tsx';

const VIEWER = '1a1a1a1a-1111-4111-8111-111111111111';
const ASHA = '2b2b2b2b-2222-4222-8222-222222222222';

const member = (fields: Partial<StaffTeamMember>): StaffTeamMember => ({
  user_id: VIEWER,
  first_name: 'Ada',
  last_name: 'Shah',
  email: 'ada@firm.example',
  role: 'admin',
  location: 'us',
  mfa_enabled: true,
  password_set: true,
  active: true,
  access_ends_on: null,
  access_ended: false,
  access_ends_this_week: false,
  created_at: '2026-01-05T10:00:00.000Z',
  ...fields,
});
const STAFF = [
  member({}),
  member({
    user_id: ASHA,
    first_name: 'Asha',
    last_name: 'Rao',
    email: 'asha@firm.example',
    role: 'analyst',
    access_ends_on: '2027-04-16',
    access_ends_this_week: true,
  }),
  member({
    user_id: '3c3c3c3c-3333-4333-8333-333333333333',
    first_name: 'Dev',
    last_name: 'Iyer',
    email: 'dev@firm.example',
    role: 'analyst',
    access_ends_on: '2026-04-15',
    access_ended: true,
  }),
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
/** The calls that change something: everything but the lists. */
const changes = () =>
  fetchMock.mock.calls
    .filter(([url]) => !['/api/staff/team/list', '/api/staff/members/list'].includes(String(url)))
    .map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/staff/team/list')
      return json({ http_code: 200, status_smessage: 'Success', staff: STAFF });
    if (url === '/api/staff/team/deactivate') {
      return json({ http_code: 200, status_smessage: MESSAGES.STAFF_DEACTIVATED });
    }
    if (url === '/api/staff/team/location') {
      return json({ http_code: 200, status_smessage: MESSAGES.STAFF_LOCATION_SAVED });
    }
    if (url === '/api/staff/team/accessend') {
      return json({ http_code: 200, status_smessage: MESSAGES.STAFF_ACCESS_END_SAVED });
    }
    if (url === '/api/staff/team/resetmfa') {
      return json({ http_code: 200, status_smessage: MESSAGES.STAFF_MFA_RESET });
    }
    throw new Error(`unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderTeam() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Team viewerId={VIEWER} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('Team', () => {
  it("sets where another member works from the list (not one's own), and says so", async () => {
    const user = userEvent.setup();
    renderTeam();
    const select = await screen.findByRole('combobox', { name: 'Where Asha Rao works' });
    expect(select).toHaveValue('us');
    expect(screen.queryByRole('combobox', { name: 'Where Ada Shah works' })).toBeNull();
    await user.selectOptions(select, 'offshore');
    await waitFor(() =>
      expect(changes()).toEqual([['/api/staff/team/location', { user_id: ASHA, location: 'offshore' }]]),
    );
    expect(await screen.findByText(`Asha Rao: ${MESSAGES.STAFF_LOCATION_SAVED}`)).toBeInTheDocument();
  });

  it('asks before deactivating, naming the member and what happens, with Cancel focused; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Asha Rao?' });
    expect(dialog).toHaveAccessibleDescription(
      'Asha Rao (asha@firm.example) is signed out everywhere at once and can no longer log in. An admin can reactivate the account later.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(await axeViolations(dialog)).toEqual([]);
    expect(changes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes()).toEqual([]);
  });

  it('deactivates once confirmed', async () => {
    const user = userEvent.setup();
    renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Asha Rao?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate account' }));
    expect(await screen.findByText(`Asha Rao: ${MESSAGES.STAFF_DEACTIVATED}`)).toBeInTheDocument();
    expect(changes()).toEqual([['/api/staff/team/deactivate', { user_id: ASHA }]]);
  });

  it('asks before resetting an authenticator; Escape sends nothing, the confirm button resets it', async () => {
    const user = userEvent.setup();
    renderTeam();
    const reset = await screen.findByRole('button', { name: 'Reset the authenticator of Asha Rao' });
    await user.click(reset);
    let dialog = await screen.findByRole('dialog', { name: "Reset Asha Rao's authenticator?" });
    expect(dialog).toHaveAccessibleDescription(
      'Asha Rao is signed out everywhere, their password, authenticator app and recovery codes stop working, and asha@firm.example is e-mailed a link to choose a new password. They then set up a new authenticator app at their next login.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes()).toEqual([]);

    await user.click(reset);
    dialog = await screen.findByRole('dialog', { name: "Reset Asha Rao's authenticator?" });
    await user.click(within(dialog).getByRole('button', { name: 'Reset authenticator' }));
    expect(await screen.findByText(`Asha Rao: ${MESSAGES.STAFF_MFA_RESET}`)).toBeInTheDocument();
    expect(changes()).toEqual([['/api/staff/team/resetmfa', { user_id: ASHA }]]);
  });

  it('says whose access ends this week and whose has ended, and links the access review', async () => {
    renderTeam();
    const ending = await screen.findByRole('status', { name: 'Access ending this week' });
    expect(ending).toHaveTextContent('Asha Rao: last day');
    expect(ending).not.toHaveTextContent('Dev Iyer');
    expect(
      within(screen.getByRole('row', { name: /Dev Iyer/ })).getByText('Access ended'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Asha Rao/ })).queryByText('Access ended')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Access review (CSV): who can work which files' }),
    ).toHaveAttribute('href', '/api/staff/team/access-review');
  });

  it("sets a member's last day from a dialog, and removes it", async () => {
    const user = userEvent.setup();
    renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Last day of access for Asha Rao' }));
    let dialog = await screen.findByRole('dialog', { name: 'Last day of access: Asha Rao' });
    expect(await axeViolations(dialog)).toEqual([]);
    const field = within(dialog).getByLabelText('Last day');
    expect(field).toHaveValue('2027-04-16');
    await user.clear(field);
    await user.type(field, '2027-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save last day' }));
    expect(await screen.findByText(`Asha Rao: ${MESSAGES.STAFF_ACCESS_END_SAVED}`)).toBeInTheDocument();
    expect(changes()).toEqual([
      ['/api/staff/team/accessend', { user_id: ASHA, access_ends_on: '2027-05-01' }],
    ]);

    await user.click(screen.getByRole('button', { name: 'Last day of access for Asha Rao' }));
    dialog = await screen.findByRole('dialog', { name: 'Last day of access: Asha Rao' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the end' }));
    await waitFor(() => expect(changes()).toHaveLength(2));
    expect(changes()[1]).toEqual(['/api/staff/team/accessend', { user_id: ASHA, access_ends_on: null }]);
  });
});
