import { MantineProvider } from '@mantine/core';
import { CALLS, MESSAGES } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { AccountSecurity } from './account-security.tsx';
import { api } from '../../../testing/api-mock.ts';

function renderOn() {
  api.mockImplementation(async (call: unknown) => {
    if (call === CALLS.mfaStatus) return { http_code: 200, status_smessage: 'Success', enabled: true };
    throw new Error('unexpected call');
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <AccountSecurity />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const turnOff = () => screen.getByRole('button', { name: 'Turn off two-step verification' });

beforeEach(() => {
  api.mockReset();
});

describe('AccountSecurity: turning two-step verification off', () => {
  it('F-15: asks for the password and a current code, and sends both', async () => {
    const user = userEvent.setup();
    renderOn();
    await screen.findByRole('form', { name: 'Turn off two-step verification' });
    await user.click(turnOff());
    expect(await screen.findByText(MESSAGES.PASSWORD_REQUIRED)).toBeVisible();
    expect(screen.getByText(MESSAGES.MFA_CODE_REQUIRED)).toBeVisible();
    expect(api).not.toHaveBeenCalledWith(CALLS.mfaDisable, expect.anything());

    api.mockResolvedValueOnce({ http_code: 200, status_smessage: MESSAGES.MFA_DISABLED });
    await user.type(screen.getByLabelText(/^Password/), 'my long password');
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), '123 456');
    await user.click(turnOff());
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.mfaDisable, { password: 'my long password', code: '123456' }),
    );
  });

  it("F-15: shows the server's wrong-code message on the code field", async () => {
    const user = userEvent.setup();
    renderOn();
    await screen.findByRole('form', { name: 'Turn off two-step verification' });
    api.mockRejectedValueOnce(
      new ApiError(MESSAGES.MFA_CODE_INVALID, {
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { code: MESSAGES.MFA_CODE_INVALID },
      }),
    );
    await user.type(screen.getByLabelText(/^Password/), 'my long password');
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), '000000');
    await user.click(turnOff());
    expect(await screen.findByText(MESSAGES.MFA_CODE_INVALID)).toBeVisible();
  });
});
