import { MantineProvider } from '@mantine/core';
import { MESSAGES, type Passkey } from '@taxfirm/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { PasskeysPanel } from './passkeys-panel.tsx';

const PHONE: Passkey = {
  id: '0b6f9c1e-1111-4a5b-9c3d-2e7f00000001',
  name: 'My phone',
  created_at: '2026-11-30T10:00:00.000Z',
  last_used_at: null,
};

function renderPanel(props: Partial<Parameters<typeof PasskeysPanel>[0]> = {}) {
  const all = {
    passkeys: { data: [PHONE], isPending: false, error: null },
    add: vi.fn(async () => ({ status_smessage: MESSAGES.PASSKEY_ADDED })),
    remove: vi.fn(async () => ({ status_smessage: MESSAGES.PASSKEY_REMOVED })),
    stepUp: vi.fn(async () => ({})),
    onChanged: vi.fn(),
    ...props,
  };
  render(
    <MantineProvider env="test">
      <PasskeysPanel {...all} />
    </MantineProvider>,
  );
  return all;
}

describe('PasskeysPanel (issue 38)', () => {
  it('lists each passkey with when it was added and last used', () => {
    renderPanel();
    const row = screen.getByRole('row', { name: /My phone/ });
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove passkey My phone' })).toBeInTheDocument();
  });

  it('says so when there is none', () => {
    renderPanel({ passkeys: { data: [], isPending: false, error: null } });
    expect(screen.getByText(MESSAGES.PASSKEY_LIST_EMPTY)).toBeInTheDocument();
  });

  it('asks for a name, then steps up when the server asks, then adds', async () => {
    const add = vi
      .fn<(name: string) => Promise<{ status_smessage: string }>>()
      .mockRejectedValueOnce(
        new ApiError(MESSAGES.STEP_UP_REQUIRED, { status: 403, code: 'STEP_UP_REQUIRED' }),
      )
      .mockResolvedValueOnce({ status_smessage: MESSAGES.PASSKEY_ADDED });
    const { stepUp, onChanged } = renderPanel({ add });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(MESSAGES.PASSKEY_NAME_REQUIRED)).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /^Passkey name/ }), 'Work laptop{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'a long test password{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.PASSKEY_ADDED);
    expect(stepUp).toHaveBeenCalledWith({ password: 'a long test password' });
    expect(add).toHaveBeenCalledTimes(2);
    expect(add).toHaveBeenLastCalledWith('Work laptop');
    expect(onChanged).toHaveBeenCalled();
  });

  it('removes after a confirmation that names the passkey', async () => {
    const { remove } = renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove passkey My phone' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the passkey "My phone"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(PHONE.id));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.PASSKEY_REMOVED);
  });
});
