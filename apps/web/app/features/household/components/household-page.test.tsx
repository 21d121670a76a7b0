import { CALLS, MESSAGES, type HouseholdList } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, fieldRefusal } from '../../../testing/api-mock.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { HouseholdPage } from './household-page.tsx';

const HOLDER = {
  kind: 'holder',
  can_upload: true,
  can_message: true,
  can_sign: true,
  can_reveal: true,
  can_manage: true,
} as const;
const delegate = {
  member_id: '5b0b4d8e-8f7c-4f41-9a55-0a4a3c0f4a11',
  kind: 'delegate',
  name: 'Arjun Raman',
  email: 'arjun@example.com',
  can_upload: false,
  can_message: true,
  state: 'active',
  invited_at: '2026-11-30T10:00:00.000Z',
} as const;

function answer(list: Omit<HouseholdList, 'http_code' | 'status_smessage'>) {
  api.mockImplementation(async (call: unknown) => {
    if (call === CALLS.householdList) return { http_code: 200, status_smessage: 'Success', ...list };
    if (call === CALLS.householdRights)
      return {
        http_code: 200,
        status_smessage: MESSAGES.HOUSEHOLD_RIGHTS_SAVED,
        member: { ...delegate, can_upload: true },
      };
    if (call === CALLS.householdRemove)
      return { http_code: 200, status_smessage: MESSAGES.HOUSEHOLD_REMOVED };
    throw new Error('unexpected call');
  });
}

const holder = { name: 'Asha Rao', email: 'asha@example.com' };

beforeEach(() => {
  api.mockReset();
});

describe('HouseholdPage', () => {
  it("lets the holder set a delegate's rights and remove them after confirming", async () => {
    const user = userEvent.setup();
    answer({ holder, members: [delegate], me: HOLDER });
    renderWithProviders(<HouseholdPage />, { env: 'test' });
    const table = await screen.findByRole('table', { name: 'Who signs in to this file' });
    expect(within(table).getByText('Arjun Raman')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Arjun Raman may upload documents' }));
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.householdRights, {
        member_id: delegate.member_id,
        can_upload: true,
        can_message: true,
      }),
    );
    expect(await screen.findByText(MESSAGES.HOUSEHOLD_RIGHTS_SAVED)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove Arjun Raman' }));
    expect(api).not.toHaveBeenCalledWith(CALLS.householdRemove, expect.anything());
    await user.click(await screen.findByRole('button', { name: 'Remove member' }));
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.householdRemove, { member_id: delegate.member_id }),
    );
  });

  it("invites with the contract's rules and shows a taken address on its field", async () => {
    const user = userEvent.setup();
    answer({ holder, members: [], me: HOLDER });
    renderWithProviders(<HouseholdPage />, { env: 'test' });
    const form = await screen.findByRole('form', { name: 'Invite someone to your household' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.FIRST_NAME_REQUIRED)).toBeVisible();
    expect(api).not.toHaveBeenCalledWith(CALLS.householdInvite, expect.anything());

    api.mockRejectedValueOnce(
      fieldRefusal(
        { email: MESSAGES.HOUSEHOLD_EMAIL_HAS_LOGIN },
        { message: MESSAGES.HOUSEHOLD_EMAIL_HAS_LOGIN, status: 409, code: 'CONFLICT' },
      ),
    );
    await user.type(within(form).getByRole('textbox', { name: /First name/ }), 'Vikram');
    await user.type(within(form).getByRole('textbox', { name: /Last name/ }), 'Rao');
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'vikram@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.householdInvite, {
        kind: 'spouse',
        first_name: 'Vikram',
        last_name: 'Rao',
        email: 'vikram@example.com',
        can_upload: false,
        can_message: false,
      }),
    );
    expect(await screen.findByText(MESSAGES.HOUSEHOLD_EMAIL_HAS_LOGIN)).toBeVisible();
  });

  it('shows a delegate the household and their rights, with nothing to manage', async () => {
    answer({
      holder,
      members: [delegate],
      me: {
        kind: 'delegate',
        can_upload: false,
        can_message: true,
        can_sign: false,
        can_reveal: false,
        can_manage: false,
      },
    });
    renderWithProviders(<HouseholdPage />, { env: 'test' });
    expect(await screen.findByText(/as their delegate/)).toBeVisible();
    expect(screen.getByText(/never signs/)).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
