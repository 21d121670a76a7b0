import { CALLS, MESSAGES, type HouseholdViewer } from '@taxfirm/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { MemberRightNotice } from './member-right-notice.tsx';

function as(me: HouseholdViewer) {
  api.mockImplementation(async (call: unknown) => {
    if (call === CALLS.householdList)
      return {
        http_code: 200,
        status_smessage: 'Success',
        holder: { name: 'A', email: 'a@x.com' },
        members: [],
        me,
      };
    throw new Error('unexpected call');
  });
}

const delegate: HouseholdViewer = {
  kind: 'delegate',
  can_upload: false,
  can_message: true,
  can_sign: false,
  can_reveal: false,
  can_manage: false,
};

beforeEach(() => {
  api.mockReset();
});

describe('MemberRightNotice', () => {
  it('tells a delegate without the right, before they try', async () => {
    as(delegate);
    renderWithProviders(<MemberRightNotice right="upload" />);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.HOUSEHOLD_NO_UPLOAD);
  });

  it('says nothing to a delegate with the right', async () => {
    as(delegate);
    renderWithProviders(<MemberRightNotice right="message" />);
    await vi.waitFor(() => expect(api).toHaveBeenCalledWith(CALLS.householdList, {}));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
