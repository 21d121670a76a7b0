import { MantineProvider } from '@mantine/core';
import { CALLS, MESSAGES } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { CannedReplies } from './canned-replies.tsx';
import { api } from '../../../testing/api-mock.ts';

const REPLY = { reply_id: '00000000-0000-4000-8000-000000000001', title: 'Received', body: 'Thank you.' };
let replies = [REPLY];

beforeEach(() => {
  replies = [REPLY];
  api.mockReset();
  api.mockImplementation(async (call: { path: string }, body: { action: string; title?: string }) => {
    if (call.path !== CALLS.staffMessagesCanned.path) throw new Error(`unexpected call ${call.path}`);
    if (body.action === 'save') {
      replies = [
        ...replies,
        { reply_id: '00000000-0000-4000-8000-000000000002', title: body.title ?? '', body: 'x' },
      ];
      return { http_code: 200, status_smessage: 'Success', message: MESSAGES.MESSAGE_CANNED_SAVED, replies };
    }
    if (body.action === 'delete') {
      replies = [];
      return {
        http_code: 200,
        status_smessage: 'Success',
        message: MESSAGES.MESSAGE_CANNED_DELETED,
        replies,
      };
    }
    return { http_code: 200, status_smessage: 'Success', replies };
  });
});

function renderEditor(role: 'admin' | 'analyst') {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CannedReplies role={role} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('CannedReplies', () => {
  it('is not shown to an analyst, and asks nothing of the server', () => {
    renderEditor('analyst');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Canned replies' })).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('lets an admin add a reply, with the contract’s messages for an empty one', async () => {
    const user = userEvent.setup();
    renderEditor('admin');
    expect(screen.getByRole('heading', { name: 'Canned replies' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Received' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New canned reply' });
    await user.click(within(form).getByRole('button', { name: 'Add reply' }));
    expect(await within(form).findByText(MESSAGES.MESSAGE_CANNED_TITLE_REQUIRED)).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.MESSAGE_CANNED_BODY_REQUIRED)).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Title/), 'Missing W-2');
    await user.type(within(form).getByLabelText(/^Reply/), 'Please upload your W-2.');
    await user.click(within(form).getByRole('button', { name: 'Add reply' }));
    expect(await within(form).findByText(MESSAGES.MESSAGE_CANNED_SAVED)).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(CALLS.staffMessagesCanned, {
      action: 'save',
      title: 'Missing W-2',
      body: 'Please upload your W-2.',
    });
    expect(await screen.findByRole('button', { name: 'Missing W-2' })).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('');
    expect(await axeViolations()).toEqual([]);
  });

  it('deletes a reply only once the admin confirms', async () => {
    const user = userEvent.setup();
    renderEditor('admin');
    await user.click(await screen.findByRole('button', { name: 'Received' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the canned reply "Received"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete reply' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.staffMessagesCanned, {
        action: 'delete',
        reply_id: REPLY.reply_id,
      }),
    );
    expect(await screen.findByText('No canned replies yet.')).toBeInTheDocument();
  });
});
