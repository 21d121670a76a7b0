import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type StaffClient } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ContactForm } from './contact-form.tsx';

const CLIENT: StaffClient['client'] = {
  client_id: '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11',
  first_name: 'Priya',
  last_name: 'Shah',
  email: 'priya@example.com',
  phone: '4695550100',
  phone_ext: 'US',
  file_number: null,
  verified: true,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/staff/clients/contact') {
      return json({ http_code: 200, status_smessage: MESSAGES.CLIENT_CONTACT_SAVED });
    }
    throw new Error(`unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm() {
  renderWithProviders(<ContactForm client={CLIENT} />);
}

const NEW_EMAIL_DIALOG = "Change Priya Shah's sign-in e-mail to priya.new@example.com?";

/** Renders the form, types the new sign-in e-mail and saves: answers the dialog that asks first. */
async function askToChangeEmail() {
  const user = userEvent.setup();
  renderForm();
  const email = screen.getByLabelText('E-mail (sign-in)');
  await user.clear(email);
  await user.type(email, 'priya.new@example.com');
  await user.click(screen.getByRole('button', { name: 'Save e-mail and phone' }));
  return { user, dialog: await screen.findByRole('dialog', { name: NEW_EMAIL_DIALOG }) };
}

describe('ContactForm', () => {
  it('asks before changing the sign-in e-mail, naming both addresses, and Cancel sends nothing', async () => {
    const { user, dialog } = await askToChangeEmail();
    expect(dialog).toHaveAccessibleDescription(
      'Priya Shah is signed out everywhere and must log in with priya.new@example.com from now on; links already sent stop working. priya@example.com is e-mailed about the change.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(await axeViolations(dialog)).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(MESSAGES.CLIENT_CONTACT_SAVED)).toBeNull();
  });

  it('changes the e-mail once confirmed', async () => {
    const { user, dialog } = await askToChangeEmail();
    await user.click(within(dialog).getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText(MESSAGES.CLIENT_CONTACT_SAVED)).toBeInTheDocument();
    expect(sent()).toEqual([
      [
        '/api/staff/clients/contact',
        expect.objectContaining({ client_id: CLIENT.client_id, email: 'priya.new@example.com' }),
      ],
    ]);
  });

  it('saves a phone-only change without asking: the sign-in stays as it is', async () => {
    const user = userEvent.setup();
    renderForm();
    const phone = screen.getByLabelText(/^Phone number/);
    await user.clear(phone);
    await user.type(phone, '4695550199');
    await user.click(screen.getByRole('button', { name: 'Save e-mail and phone' }));
    expect(await screen.findByText(MESSAGES.CLIENT_CONTACT_SAVED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent()).toEqual([
      ['/api/staff/clients/contact', expect.objectContaining({ email: 'priya@example.com' })],
    ]);
  });
});
