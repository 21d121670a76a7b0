import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@taxfirm/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { IdentityNumber } from './identity-number.tsx';

const stepUpRequired = () =>
  new ApiError(MESSAGES.STEP_UP_REQUIRED, { status: 403, code: 'STEP_UP_REQUIRED' });

function renderNumber(reveal: () => Promise<string>, stepUp: (body: object) => Promise<unknown>) {
  render(
    <MantineProvider>
      <IdentityNumber masked="•••-••-6789" owner="your" verb="Show" reveal={reveal} stepUp={stepUp} />
    </MantineProvider>,
  );
}

describe('F-15: the step-up dialog', () => {
  it('F-15: opens when a reveal needs a step-up, takes the password, then reveals (keyboard only)', async () => {
    const reveal = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(stepUpRequired())
      .mockResolvedValueOnce('123-45-6789');
    const stepUp = vi.fn(async () => ({}));
    renderNumber(reveal, stepUp);

    await userEvent.click(screen.getByRole('button', { name: 'Show your SSN/ITIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog).toBeInTheDocument();
    // The password field has focus: type it and press Enter.
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveFocus());
    await userEvent.keyboard('a long test password{Enter}');

    expect(await screen.findByText('123-45-6789')).toBeInTheDocument();
    expect(stepUp).toHaveBeenCalledWith({ password: 'a long test password' });
    expect(reveal).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('F-15: offers an authenticator code instead, shows the server’s refusal on the field, and retries', async () => {
    const reveal = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(stepUpRequired())
      .mockResolvedValueOnce('123-45-6789');
    const stepUp = vi
      .fn<(body: object) => Promise<unknown>>()
      .mockRejectedValueOnce(
        new ApiError(MESSAGES.MFA_CODE_INVALID, {
          status: 400,
          code: 'VALIDATION_FAILED',
          details: { code: MESSAGES.MFA_CODE_INVALID },
        }),
      )
      .mockResolvedValueOnce({});
    renderNumber(reveal, stepUp);

    await userEvent.click(screen.getByRole('button', { name: 'Show your SSN/ITIN' }));
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.click(screen.getByRole('button', { name: 'Use an authenticator code instead' }));
    // Nothing typed: the field says what is needed, and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MESSAGES.STEP_UP_ANSWER_REQUIRED)).toBeInTheDocument();
    expect(stepUp).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/^Authenticator code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MESSAGES.MFA_CODE_INVALID)).toBeInTheDocument();
    expect(reveal).toHaveBeenCalledTimes(1);

    await userEvent.clear(screen.getByLabelText(/^Authenticator code/));
    await userEvent.type(screen.getByLabelText(/^Authenticator code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('123-45-6789')).toBeInTheDocument();
    expect(stepUp).toHaveBeenLastCalledWith({ code: '123456' });
  });

  it('F-15: Cancel closes the dialog, keeps the mask and says why the number was not shown', async () => {
    const reveal = vi.fn<() => Promise<string>>().mockRejectedValue(stepUpRequired());
    const stepUp = vi.fn(async () => ({}));
    renderNumber(reveal, stepUp);

    await userEvent.click(screen.getByRole('button', { name: 'Show your SSN/ITIN' }));
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.STEP_UP_REQUIRED);
    expect(screen.getByText('•••-••-6789')).toBeInTheDocument();
    expect(stepUp).not.toHaveBeenCalled();
    expect(reveal).toHaveBeenCalledTimes(1);
  });
});
