import { CALLS, MESSAGES } from '@taxfirm/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, fieldRefusal } from '../../../testing/api-mock.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

beforeEach(() => {
  api.mockReset();
});

async function fillIn(oldPassword: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Old password/), oldPassword);
  await user.type(screen.getByLabelText(/New password/), 'a brand new passphrase');
  await user.type(screen.getByLabelText(/Confirm password/), 'a brand new passphrase');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('ChangePasswordForm (user/changepassword)', () => {
  it('sends old, new and confirm, empties the form and says other devices were signed out', async () => {
    api.mockResolvedValue({ http_code: 200, status_smessage: 'Password changed.' });
    renderWithProviders(<ChangePasswordForm />);
    expect(screen.getByRole('form', { name: 'Change Password' })).toBeInTheDocument();
    await fillIn('my old passphrase');
    expect(
      await screen.findByText(
        'Password changed. Every other device signed in to your account has been signed out.',
      ),
    ).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(CALLS.changePassword, {
      oldpassword: 'my old passphrase',
      password: 'a brand new passphrase',
      confirmpassword: 'a brand new passphrase',
    });
    expect(screen.getByLabelText(/Old password/)).toHaveValue('');
  });

  it("shows the server's message on its field", async () => {
    api.mockRejectedValue(fieldRefusal({ oldpassword: MESSAGES.OLD_PASSWORD_WRONG }));
    renderWithProviders(<ChangePasswordForm />);
    await fillIn('not my passphrase');
    expect(await screen.findByText(MESSAGES.OLD_PASSWORD_WRONG)).toBeInTheDocument();
  });
});
