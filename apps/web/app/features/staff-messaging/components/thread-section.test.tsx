import { MantineProvider } from '@mantine/core';
import { CALLS, MESSAGES, type StaffThread, type ThreadMessage } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { ThreadSection } from './thread-section.tsx';
import { api } from '../../../testing/api-mock.ts';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const ITEM = '00000000-0000-4000-8000-000000000009';
const ATTACHMENT = '00000000-0000-4000-8000-000000000001';

const message = (n: number, over: Partial<ThreadMessage>): ThreadMessage => ({
  message_id: `m${n}`,
  from: 'client',
  author: 'Asha Rao',
  internal: false,
  body: '',
  tax_year: 2025,
  created_at: `2026-02-0${n}T15:00:00.000Z`,
  seen: null,
  attachments: [],
  ...over,
});

const THREAD: StaffThread = {
  http_code: 200,
  status_smessage: 'Success',
  client: { client_id: CLIENT, name: 'Asha Rao', file_number: 'TF25-0001' },
  status: 'open',
  analyst: { user_id: 'a1', name: 'Ravi Shah' },
  messages: [
    message(1, {
      body: 'Here is my W-2 <script>alert(1)</script> <b>bold</b>\nsee https://irs.gov/w2. and javascript:alert(2)',
      attachments: [
        {
          attachment_id: ATTACHMENT,
          name: 'w2-photo.jpg',
          size: 2 * 1024 * 1024,
          content_type: 'image/jpeg',
          download_url: '/api/staff/messages/file?t=a.b',
          preview_url: '/api/staff/messages/file?t=a.b&inline=1',
          filed_as: null,
        },
      ],
    }),
    message(2, {
      from: 'staff',
      author: 'Ravi Shah',
      internal: true,
      body: 'Looks like the 2024 W-2, check.',
      attachments: [
        {
          attachment_id: '00000000-0000-4000-8000-0000000000a2',
          name: 'workpaper.pdf',
          size: 40 * 1024,
          content_type: 'application/pdf',
          download_url: '/api/staff/messages/file?t=c.d',
          preview_url: '/api/staff/messages/file?t=c.d&inline=1',
          filed_as: null,
        },
      ],
    }),
    message(3, {
      from: 'staff',
      author: 'Ravi Shah',
      body: 'Thanks, received.',
      seen: { by: 'Asha Rao', at: '2026-02-03T16:14:00.000Z' },
    }),
  ],
  tax_years: [2025],
  canned: [{ reply_id: 'r1', title: 'Received', body: 'Thank you, we received your documents.' }],
  items: [{ item_id: ITEM, title: 'W-2 from Acme' }],
  links_ttl_s: 300,
};

const bodiesOf = (call: unknown) =>
  api.mock.calls.filter(([c]) => c === call).map(([, body, files]) => ({ body, files }));

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffMessagesThread.path) return THREAD;
    if (call.path === CALLS.staffMessagesInbox.path) return { http_code: 200, status_smessage: 'Success' };
    if (call.path === CALLS.staffMessagesSend.path)
      return { http_code: 200, status_smessage: MESSAGES.MESSAGE_SENT, message: 'ok', message_id: 'm9' };
    if (call.path === CALLS.staffMessagesFile.path)
      return { http_code: 200, status_smessage: MESSAGES.MESSAGE_ATTACHMENT_FILED, message: 'ok' };
    if (call.path === CALLS.staffMessagesStatus.path)
      return { http_code: 200, status_smessage: MESSAGES.MESSAGE_STATUS_SAVED, message: 'ok' };
    throw new Error(`unexpected call ${call.path}`);
  });
});

function renderThread({ focusOnOpen = false } = {}) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ThreadSection clientId={CLIENT} clientName="Asha Rao" focusOnOpen={focusOnOpen} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ThreadSection', () => {
  it('marks an internal note in words and looks, shows "Seen" on a read reply, and HTML as text', async () => {
    renderThread();
    const list = await screen.findByRole('list', { name: 'Messages, oldest first' });
    const [first, note, reply] = within(list).getAllByRole('article');
    if (!first || !note || !reply) throw new Error('three messages expected');

    expect(note).toHaveAccessibleName(/^Internal note: Ravi Shah/);
    expect(within(note).getByText('Internal note — not shown to the client')).toBeInTheDocument();
    expect(note).toHaveAttribute('data-kind', 'note');
    expect(note.style.borderStyle).toBe('dashed');
    expect(reply.style.borderStyle).toBe('solid');
    expect(note).toHaveStyle({ background: 'var(--mantine-color-yellow-1)' });
    expect(reply).toHaveStyle({ background: 'var(--mantine-color-navy-0)' });
    expect(within(first).queryByText(/Internal note/)).toBeNull();
    expect(within(reply).queryByText(/Internal note/)).toBeNull();

    expect(within(reply).getByText(/^Seen 02-03-2026/)).toBeInTheDocument();
    expect(within(first).queryByText(/Seen/)).toBeNull();

    // No HTML from anyone: the tags arrive as characters, nothing is executed or bolded.
    expect(first).toHaveTextContent('Here is my W-2 <script>alert(1)</script> <b>bold</b>');
    expect(first.innerHTML).not.toMatch(/<script|<b>/);
    // An http(s) address is a safe link (without its sentence's full stop); javascript: is not a link.
    const link = within(first).getByRole('link', { name: 'https://irs.gov/w2' });
    expect(link).toHaveAttribute('href', 'https://irs.gov/w2');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(first).queryByRole('link', { name: /javascript/ })).toBeNull();

    expect(within(first).getByRole('link', { name: 'Download w2-photo.jpg' })).toHaveAttribute(
      'href',
      '/api/staff/messages/file?t=a.b',
    );
    expect(within(first).getByRole('link', { name: 'Preview w2-photo.jpg' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('inserts a canned reply into the message and sends a reply to the client (internal=false)', async () => {
    const user = userEvent.setup();
    renderThread();
    const form = await screen.findByRole('form', { name: 'Reply to Asha Rao' });
    const text = within(form).getByLabelText('Message');
    await user.type(text, 'Hello Asha,');
    await user.selectOptions(within(form).getByLabelText('Canned reply'), 'Received');
    await user.click(within(form).getByRole('button', { name: 'Insert reply' }));
    expect(text).toHaveValue('Hello Asha,\n\nThank you, we received your documents.');
    expect(text).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    expect(bodiesOf(CALLS.staffMessagesSend)).toEqual([
      {
        body: {
          client_id: CLIENT,
          body: 'Hello Asha,\n\nThank you, we received your documents.',
          internal: false,
        },
        files: { files: [] },
      },
    ]);
    expect(text).toHaveValue('');
  });

  it('sends an internal note with internal=true and its attachment, from a visibly different composer', async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findByRole('form', { name: 'Reply to Asha Rao' });
    await user.click(screen.getByRole('radio', { name: 'Internal note' }));
    const form = screen.getByRole('form', { name: 'Add an internal note' });
    expect(within(form).getByText(/only staff see it/)).toBeInTheDocument();
    expect(form.style.border).toContain('dashed');

    const photo = new File([new Uint8Array(2048)], 'receipt.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Choose files to attach'), photo);
    expect(within(form).getByRole('list', { name: 'Files to send' })).toHaveTextContent('receipt.png');
    await user.type(within(form).getByLabelText('Note'), 'Client called, sending 1099 later.');
    await user.click(within(form).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(bodiesOf(CALLS.staffMessagesSend)).toHaveLength(1));
    const [sent] = bodiesOf(CALLS.staffMessagesSend);
    expect(sent?.body).toEqual({
      client_id: CLIENT,
      body: 'Client called, sending 1099 later.',
      internal: true,
    });
    expect(sent?.files).toEqual({ files: [photo] });
  });

  it('refuses an empty message without calling, and a sixth file', async () => {
    const user = userEvent.setup();
    renderThread();
    const form = await screen.findByRole('form', { name: 'Reply to Asha Rao' });
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES.MESSAGE_EMPTY);
    const six = Array.from({ length: 6 }, (_, i) => new File([new Uint8Array(2048)], `p${i}.pdf`));
    await user.upload(within(form).getByLabelText('Choose files to attach'), six);
    expect(within(form).getByRole('alert')).toHaveTextContent('Attach at most 5 files to one message.');
    expect(bodiesOf(CALLS.staffMessagesSend)).toEqual([]);
  });

  it('files an attachment into a checklist item, and saves the conversation status', async () => {
    const user = userEvent.setup();
    renderThread();
    // A note's attachment is a workpaper: it opens for staff, but is never filed where the client sees it.
    expect(await screen.findByRole('link', { name: 'Download workpaper.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'File workpaper.pdf…' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'File w2-photo.jpg…' }));
    const dialog = await screen.findByRole('dialog', { name: 'File w2-photo.jpg' });
    await user.selectOptions(within(dialog).getByLabelText(/File into/), 'W-2 from Acme');
    await user.click(within(dialog).getByRole('button', { name: 'File' }));
    expect(await screen.findByText(MESSAGES.MESSAGE_ATTACHMENT_FILED)).toBeInTheDocument();
    expect(bodiesOf(CALLS.staffMessagesFile).map((c) => c.body)).toEqual([
      { target: 'item', attachment_id: ATTACHMENT, item_id: ITEM },
    ]);

    await user.selectOptions(screen.getByLabelText('Conversation status'), 'Done');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText(MESSAGES.MESSAGE_STATUS_SAVED)).toBeInTheDocument();
    expect(bodiesOf(CALLS.staffMessagesStatus).map((c) => c.body)).toEqual([
      { client_id: CLIENT, status: 'done' },
    ]);
  });

  it("opened on the file's Messages tab, takes the focus once loaded", async () => {
    renderThread({ focusOnOpen: true });
    const section = await screen.findByRole('region', { name: 'Messages with Asha Rao' });
    await waitFor(() => expect(section).toHaveFocus());
    expect(section).toHaveAttribute('id', 'messages');
  });

  it('shows "Filed as" instead of the action once an attachment is filed', async () => {
    const first = THREAD.messages[0];
    if (!first) throw new Error('fixture');
    const filed: StaffThread = {
      ...THREAD,
      messages: [
        {
          ...first,
          attachments: first.attachments.map((a) => ({ ...a, filed_as: 'Documents · W2' })),
        },
      ],
    };
    api.mockImplementation(async () => filed);
    renderThread();
    expect(await screen.findByText('Filed as Documents · W2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^File / })).toBeNull();
  });
});
