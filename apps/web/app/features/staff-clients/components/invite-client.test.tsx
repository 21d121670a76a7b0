import { CALLS, MESSAGES } from '@taxfirm/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, fieldRefusal } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { InviteClient } from './invite-client.tsx';

const NEW_CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';

function ClientFilePage() {
  return <p>File of {useParams()['clientId']}</p>;
}

function renderInvite() {
  return renderWithProviders(
    <Routes>
      <Route path="/staff" element={<InviteClient />} />
      <Route path="/staff/clients/:clientId" element={<ClientFilePage />} />
    </Routes>,
    { route: '/staff' },
  );
}

async function openForm() {
  const user = userEvent.setup();
  renderInvite();
  await user.click(screen.getByRole('button', { name: 'Invite a client' }));
  // The dialog's form is the only one on the page, so the screen's queries find its fields.
  await screen.findByRole('form', { name: 'Invite a client' });
  return user;
}

beforeEach(() => {
  api.mockReset();
});

describe('InviteClient', () => {
  it('sends the typed details from the keyboard and opens the new file', async () => {
    api.mockResolvedValue({
      http_code: 200,
      status_smessage: MESSAGES.CLIENT_INVITED,
      client_id: NEW_CLIENT,
    });
    const user = await openForm();
    await user.click(screen.getByLabelText(/First name/));
    await user.keyboard('Meena');
    await user.tab();
    await user.keyboard('Iyer');
    await user.type(screen.getByLabelText(/E-mail/), 'meena@example.com');
    await user.type(screen.getByLabelText(/Phone number/), '4695550142');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(`File of ${NEW_CLIENT}`)).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(1);
    const [call, body] = api.mock.calls[0] ?? [];
    expect(call).toBe(CALLS.staffInviteClient);
    expect(body).toEqual({
      first_name: 'Meena',
      last_name: 'Iyer',
      email: 'meena@example.com',
      phone_ext: 'US',
      phone: '4695550142',
    });
  });

  it("shows the registration's messages on the fields and sends nothing while they are wrong", async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText(/First name/), 'M3ena');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.FIRST_NAME_ALPHABETS)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.LAST_NAME_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PHONE_REQUIRED)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('puts a taken e-mail on the field and stays on the form', async () => {
    api.mockRejectedValue(
      fieldRefusal(
        { email: MESSAGES.EMAIL_IN_USE },
        { message: MESSAGES.EMAIL_IN_USE, status: 409, code: 'EMAIL_IN_USE' },
      ),
    );
    const user = await openForm();
    await user.type(screen.getByLabelText(/First name/), 'Meena');
    await user.type(screen.getByLabelText(/Last name/), 'Iyer');
    await user.type(screen.getByLabelText(/E-mail/), 'taken@example.com');
    await user.type(screen.getByLabelText(/Phone number/), '4695550142');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/E-mail/)).toHaveAccessibleDescription(/Email already in use/),
    );
    expect(screen.queryByText(/File of/)).not.toBeInTheDocument();
  });

  it('has no accessibility violations with the form open', async () => {
    const { container } = renderInvite();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Invite a client' }));
    await screen.findByRole('form', { name: 'Invite a client' });
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
  });
});
