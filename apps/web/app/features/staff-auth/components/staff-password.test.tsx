import { MantineProvider } from '@mantine/core';
import { CALLS, MESSAGES } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { StaffLogin } from './staff-login.tsx';
import { StaffPasswordForm } from './staff-password-form.tsx';

const { staffApi } = vi.hoisted(() => ({ staffApi: vi.fn() }));
vi.mock('../staff-api.ts', () => ({ staffApi }));

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  staffApi.mockReset();
});

describe('F-10: staff passwords in the console', () => {
  it('F-10: /staff/login offers Forgot password?, which asks for the e-mail and shows the uniform answer', async () => {
    staffApi.mockResolvedValue({ http_code: 200, status_smessage: MESSAGES.FORGOT_SENT });
    const user = userEvent.setup();
    renderWithProviders(<StaffLogin onSignedIn={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const form = screen.getByRole('form', { name: 'Reset your staff password' });
    expect(form).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(staffApi).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'rina@firm.example');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.FORGOT_SENT);
    expect(staffApi).toHaveBeenCalledWith(CALLS.staffForgot, { email: 'rina@firm.example' });

    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('form', { name: 'Staff login' })).toBeInTheDocument();
  });

  it('F-10: the change-password form sends the current password, the code and the new one; refusals land on their fields', async () => {
    staffApi
      .mockRejectedValueOnce(
        new ApiError(MESSAGES.MFA_CODE_INVALID, {
          status: 400,
          code: 'VALIDATION_FAILED',
          details: { code: MESSAGES.MFA_CODE_INVALID },
        }),
      )
      .mockResolvedValueOnce({ http_code: 200, status_smessage: MESSAGES.PASSWORD_CHANGED });
    const user = userEvent.setup();
    renderWithProviders(<StaffPasswordForm />);

    expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Current password/), 'a long staff passphrase');
    await user.type(screen.getByRole('textbox', { name: /^Authenticator code/ }), '000000');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.PASSWORD_TOO_SHORT)).toBeInTheDocument();
    expect(staffApi).not.toHaveBeenCalled();

    for (const label of [/^New password/, /^Confirm password/]) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'another staff passphrase');
    }
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.MFA_CODE_INVALID)).toBeInTheDocument();
    expect(staffApi).toHaveBeenCalledWith(CALLS.staffChangePassword, {
      oldpassword: 'a long staff passphrase',
      code: '000000',
      password: 'another staff passphrase',
      confirmpassword: 'another staff passphrase',
    });

    await user.clear(screen.getByRole('textbox', { name: /^Authenticator code/ }));
    await user.type(screen.getByRole('textbox', { name: /^Authenticator code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.PASSWORD_CHANGED);
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });
});
