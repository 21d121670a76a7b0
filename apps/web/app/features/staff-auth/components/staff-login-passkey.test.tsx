import { MantineProvider } from '@mantine/core';
import { CALLS, MESSAGES, type CallDefinition } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../testing/api-mock.ts';
import { StaffLogin } from './staff-login.tsx';

const { startAuthentication } = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication, startRegistration: vi.fn() }));

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  api.mockReset();
  startAuthentication.mockReset();
});

describe('issue 38: staff sign in with a passkey', () => {
  it('asks the server for a challenge, the browser for the passkey, and opens the console', async () => {
    const assertion = {
      id: 'cred',
      rawId: 'cred',
      type: 'public-key',
      response: {},
      clientExtensionResults: {},
    };
    startAuthentication.mockResolvedValue(assertion);
    api.mockImplementation(async (call: CallDefinition) => {
      if (call === CALLS.staffLoginPasskeyOptions)
        return { http_code: 200, status_smessage: '', options: { challenge: 'c' } };
      if (call === CALLS.staffLoginPasskeyVerify) return { http_code: 200, status_smessage: '', staff: {} };
      throw new Error(`unexpected ${call.path}`);
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLogin onSignedIn={onSignedIn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith(CALLS.staffLoginPasskeyVerify, { credential: assertion });
  });

  it("shows the server's refusal, and the page's own words when the browser prompt was cancelled", async () => {
    api.mockImplementation(async (call: CallDefinition) => {
      if (call === CALLS.staffLoginPasskeyOptions)
        return { http_code: 200, status_smessage: '', options: { challenge: 'c' } };
      throw new ApiError(MESSAGES.PASSKEY_LOGIN_FAILED, { status: 422, code: 'UNPROCESSABLE' });
    });
    startAuthentication.mockRejectedValueOnce(new Error('NotAllowedError'));
    renderWithProviders(<StaffLogin onSignedIn={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.PASSKEY_LOGIN_FAILED);
  });

  it('starts at the second step when a set-up link handed it over', () => {
    renderWithProviders(<StaffLogin onSignedIn={() => {}} initial={{ kind: 'mfa', token: 't' }} />);
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
  });
});
