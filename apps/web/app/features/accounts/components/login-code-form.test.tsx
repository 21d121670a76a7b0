import { MantineProvider } from '@mantine/core';
import { CALLS, MESSAGES, type CallDefinition } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, fieldRefusal } from '../../../testing/api-mock.ts';
import { LoginForm } from './login-form.tsx';

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route
              path="/"
              element={<LoginForm onForgot={() => {}} onRegister={() => {}} onDone={() => {}} />}
            />
            <Route path="/user/dashboard" element={<h1>Dashboard</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const UINFO = {
  user_id: 'u1',
  client_id: 'c1',
  user_name: 'Asha Rao',
  email: 'asha@example.com',
  filestatus: 'To Be Assigned',
  userstate: '',
  filenumber: null,
};

beforeEach(() => {
  api.mockReset();
});

describe('LoginForm: e-mail me a code instead (issue 38)', () => {
  it('asks for the e-mail, then the code; a wrong code shows on the field; the right one signs in', async () => {
    const calls: string[] = [];
    let attempts = 0;
    api.mockImplementation(async (call: CallDefinition, body: unknown) => {
      calls.push(call.path);
      if (call === CALLS.loginCodeSend) return { http_code: 200, status_smessage: MESSAGES.LOGIN_CODE_SENT };
      if (call === CALLS.loginCodeVerify) {
        attempts += 1;
        expect(body).toMatchObject({ email: 'asha@example.com' });
        if (attempts === 1) throw fieldRefusal({ code: MESSAGES.LOGIN_CODE_INVALID });
        return { http_code: 200, status_smessage: 'Success', uinfo: UINFO };
      }
      throw new Error(`unexpected call ${call.path}`);
    });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'E-mail me a code instead' }));
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'asha@example.com');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.LOGIN_CODE_SENT);
    const code = screen.getByRole('textbox', { name: /^Code from the e-mail/ });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.LOGIN_CODE_INVALID)).toBeVisible();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(calls).toEqual(['login/code/send', 'login/code/verify', 'login/code/verify']);
  });

  it('goes back to the password with "Use your password instead"', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'E-mail me a code instead' }));
    await user.click(screen.getByRole('button', { name: 'Use your password instead' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  });
});
