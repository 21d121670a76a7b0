import { MantineProvider } from '@mantine/core';
import { MESSAGES } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { LoginForm } from './login-form.tsx';
import { api } from '../../../testing/api-mock.ts';

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <LoginForm onForgot={() => {}} onRegister={() => {}} onDone={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'asha@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => {
  api.mockReset();
});

describe('LoginForm', () => {
  it('offers a new verification link when the answer is LOGIN_NOT_VERIFIED', async () => {
    api.mockRejectedValue(
      new ApiError(MESSAGES.LOGIN_NOT_VERIFIED, { status: 403, code: 'LOGIN_NOT_VERIFIED' }),
    );
    renderForm();
    await logIn();
    expect(await screen.findByRole('button', { name: 'Send the verification link again' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.LOGIN_NOT_VERIFIED);
  });

  it('goes by the code, not the text: another refusal with the same words offers no link', async () => {
    api.mockRejectedValue(new ApiError(MESSAGES.LOGIN_NOT_VERIFIED, { status: 403, code: 'FORBIDDEN' }));
    renderForm();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.LOGIN_NOT_VERIFIED);
    expect(screen.queryByRole('button', { name: 'Send the verification link again' })).toBeNull();
  });
});
