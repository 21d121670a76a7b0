import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type StaffClient } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { ClientFile } from './client-file.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';

const CLIENT_ID = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const VIEWER = { userId: '1a1a1a1a-1111-4111-8111-111111111111', role: 'analyst' as const };

const FILE: StaffClient = {
  http_code: 200,
  status_smessage: 'Success',
  access: 'full',
  client: {
    client_id: CLIENT_ID,
    first_name: 'Priya',
    last_name: 'Shah',
    email: 'priya@example.com',
    phone: '4695550100',
    phone_ext: 'US',
    file_number: 'TF-2025-0001',
    verified: false,
  },
  filing: {
    tax_year: 2025,
    status: 'E-Filing Pending',
    assigned_to: { user_id: VIEWER.userId, name: 'Ada Shah' },
  },
  history: [],
  notes: [],
  payments: [],
  consents: { offshore_state: 'yes', offshore: null, terms: null },
  signals: {
    checklist: { accepted: 3, required: 3 },
    unsigned_documents: 0,
    balance_due_cents: 0,
    unread_messages: 0,
    last_client_activity: null,
  },
  referrals: [],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Calls that change something (the page's reads are left out). */
const CHANGES = ['/api/staff/clients/resetlink', '/api/staff/clients/verify', '/api/staff/clients/status'];

let fetchMock: ReturnType<typeof vi.fn>;
const changes = () =>
  fetchMock.mock.calls
    .filter(([url]) => CHANGES.includes(String(url)))
    .map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/staff/clients/get') return json(FILE);
    if (url === '/api/staff/clients/resetlink') {
      return json({ http_code: 200, status_smessage: MESSAGES.RESET_LINK_SENT });
    }
    if (url === '/api/staff/clients/status') {
      return json({ http_code: 200, status_smessage: MESSAGES.STATUS_CHANGED });
    }
    if (CHANGES.includes(url)) throw new Error(`unexpected call ${url}`);
    // The page's other sections (profile, documents, summaries, analysts) are not under test here.
    return new Response(JSON.stringify({ http_code: 404, status_smessage: 'Not here.', code: 'NOT_FOUND' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The password-reset link and e-mail verification are on the Account tab, the status on the Overview. */
function renderFile(tab: 'overview' | 'account' = 'overview') {
  renderWithProviders(<ClientFile clientId={CLIENT_ID} viewer={VIEWER} tab={tab} />, { route: '/' });
}

describe('ClientFile', () => {
  // Longer than the web tests' 20 s (vitest.config.ts): the file's first test renders the whole client file
  // and checks the dialog with axe-core.
  it('asks before sending a password-reset link, naming the address; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderFile('account');
    await user.click(await screen.findByRole('button', { name: 'Send password-reset link' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send a password-reset link to priya@example.com?',
    });
    expect(dialog).toHaveAccessibleDescription(
      'Priya Shah is e-mailed a link to set a new password; it works once, within 24 hours. The current password keeps working until the link is used.',
    );
    expect(await axeViolations(dialog)).toEqual([]);
    expect(changes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes()).toEqual([]);
  }, 30_000);

  it('sends the reset link once confirmed', async () => {
    const user = userEvent.setup();
    renderFile('account');
    await user.click(await screen.findByRole('button', { name: 'Send password-reset link' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send a password-reset link to priya@example.com?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.RESET_LINK_SENT)).toBeInTheDocument();
    expect(changes()).toEqual([['/api/staff/clients/resetlink', { client_id: CLIENT_ID }]]);
  });

  it('asks before marking the e-mail verified; Escape sends nothing', async () => {
    const user = userEvent.setup();
    renderFile('account');
    await user.click(await screen.findByRole('button', { name: 'Mark e-mail verified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark priya@example.com as verified?' });
    expect(dialog).toHaveAccessibleDescription(
      'Priya Shah can log in without the link from the verification e-mail. This cannot be undone.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes()).toEqual([]);
  });

  it('asks before moving the file to Cancel Filing, with Cancel focused; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderFile();
    const form = await screen.findByRole('form', { name: 'Change status' });
    await user.selectOptions(within(form).getByLabelText('New status'), 'Cancel Filing');
    await user.type(within(form).getByLabelText(/^Comment/), 'Client withdrew');
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', {
      name: "Move Priya Shah's 2025 file to Cancel Filing?",
    });
    expect(dialog).toHaveAccessibleDescription(
      'Priya Shah is e-mailed the Cancel Filing message at once and sees the new status in the portal. The e-mail cannot be taken back, even if you change the status again.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes()).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Move to Cancel Filing' }),
    );
    expect(await within(form).findByText(MESSAGES.STATUS_CHANGED)).toBeInTheDocument();
    expect(changes()).toEqual([
      [
        '/api/staff/clients/status',
        expect.objectContaining({
          client_id: CLIENT_ID,
          status: 'Cancel Filing',
          comment: 'Client withdrew',
        }),
      ],
    ]);
  });

  it('changes to a working status without asking', async () => {
    const user = userEvent.setup();
    renderFile();
    const form = await screen.findByRole('form', { name: 'Change status' });
    await user.selectOptions(within(form).getByLabelText('New status'), 'Paper-Filing Pending');
    await user.type(within(form).getByLabelText(/^Comment/), 'E-file rejected twice');
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    expect(await within(form).findByText(MESSAGES.STATUS_CHANGED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(changes()).toEqual([
      ['/api/staff/clients/status', expect.objectContaining({ status: 'Paper-Filing Pending' })],
    ]);
  });
});
