import {
  CALLS,
  MESSAGE_UPLOAD_FIELD,
  MESSAGES,
  type AccountMessages,
  type ThreadMessage,
} from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { clearSession, saveLogin } from '../../../lib/session.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { MESSAGE_DRAFT_KEY } from '../message-draft.ts';
import { DRAFT_FILES_AGAIN, DRAFT_KEPT } from './message-composer.tsx';
import { MessagesCard } from './messages-card.tsx';
import { MessagesPage, NO_EMAIL_NOTE, NO_MESSAGES, seenLine } from './messages-page.tsx';
import { api } from '../../../testing/api-mock.ts';

const message = (over: Partial<ThreadMessage>): ThreadMessage => ({
  message_id: 'm1',
  from: 'client',
  author: 'You',
  internal: false,
  body: 'Hello',
  tax_year: 2025,
  // Local times (no Z), so the shown times do not depend on the machine's zone.
  created_at: '2026-02-05T09:30:00',
  seen: null,
  attachments: [],
  ...over,
});

const HOSTILE =
  '<b>bold</b><script>alert(1)</script><img src=x onerror=alert(1)>\nForm: https://www.irs.gov/w4. Or javascript:alert(2)';

const CONVERSATION: AccountMessages = {
  http_code: 200,
  status_smessage: 'Success',
  messages: [
    message({
      message_id: 'm1',
      body: 'Here is my W-2.',
      seen: { by: 'Asha', at: '2026-02-05T10:14:00' },
      attachments: [
        {
          attachment_id: 'a1',
          name: 'w2-photo.jpg',
          size: 2 * 1024 * 1024,
          content_type: 'image/jpeg',
          download_url: '/api/account/messages/file?t=a.b',
        },
      ],
    }),
    message({
      message_id: 'm2',
      from: 'staff',
      author: 'Asha Rao',
      body: HOSTILE,
      created_at: '2026-02-05T10:20:00',
    }),
    message({ message_id: 'm3', body: 'Thanks, one more question.', created_at: '2026-02-05T11:00:00' }),
  ],
  unread: 1,
  tax_years: [2025, 2024],
  links_ttl_s: 300,
};

const SENT = { http_code: 200, status_smessage: 'Success', message: MESSAGES.MESSAGE_SENT, message_id: 'm9' };
const READ = { http_code: 200, status_smessage: 'Success', message: MESSAGES.MESSAGE_READ };

const USER = {
  user_id: 'u1',
  client_id: 'c1',
  user_name: 'Ravi Kumar',
  email: 'ravi@example.com',
  filestatus: 'Docs Upload Pending',
  userstate: 'active',
  filenumber: 'TF-2025-0042',
} as const;

/** The mocked API: the conversation (or `list`), and the answers to read and send. */
function answer(list: AccountMessages = CONVERSATION) {
  api.mockImplementation(async (call: unknown) => {
    if (call === CALLS.accountMessagesList) return list;
    if (call === CALLS.accountMessagesRead) return READ;
    if (call === CALLS.accountMessagesSend) return SENT;
    throw new Error('unexpected call');
  });
}

const callsOf = (call: unknown) => api.mock.calls.filter((c) => c[0] === call);

/** Renders as the app does, under a router at `/`. */
const wrap = (ui: ReactElement) => renderWithProviders(ui, { route: '/' });

const photo = (name = 'w2.jpg', type = 'image/jpeg', bytes = 4096) =>
  new File(['x'.repeat(bytes)], name, { type });

const fileInput = () => screen.getByLabelText<HTMLInputElement>('Choose files to attach');

beforeEach(() => {
  api.mockReset();
  window.sessionStorage.clear();
  saveLogin(USER);
});
afterEach(() => clearSession());

describe('seenLine', () => {
  it('gives the time on the same day and the date on another', () => {
    const seen = { by: 'Asha', at: '2026-02-05T10:14:00' };
    expect(seenLine(seen, new Date('2026-02-05T18:00:00'))).toBe('Seen by Asha, 10:14 AM');
    expect(seenLine(seen, new Date('2026-02-07T09:00:00'))).toBe('Seen by Asha, 02-05-2026 10:14 AM');
  });
});

describe('MessagesPage', () => {
  it('shows the conversation oldest first: authors, times, attachments, and Seen or Sent under your own', async () => {
    answer();
    wrap(<MessagesPage />);
    const list = await screen.findByRole('list', { name: 'Messages, oldest first' });
    // Each message is named by its author and time; attachments are unnamed items of their own lists.
    const items = within(list).getAllByRole('listitem', { name: /./ });
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Here is my W-2.'),
      expect.stringContaining('Asha Rao'),
      expect.stringContaining('Thanks, one more question.'),
    ]);
    const [mine, theirs, unseen] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(mine).toHaveTextContent('You02-05-2026 9:30 AM');
    expect(mine).toHaveTextContent('Seen by Asha, 02-05-2026 10:14 AM');
    expect(within(mine).getByRole('link', { name: 'Download w2-photo.jpg' })).toHaveAttribute(
      'href',
      '/api/account/messages/file?t=a.b',
    );
    expect(mine).toHaveTextContent('2.0 MB');
    expect(unseen).toHaveTextContent(/Sent$/);
    // The firm's messages carry no receipt of the client's.
    expect(theirs).not.toHaveTextContent(/Seen by|Sent$/);
    expect(screen.getByText(NO_EMAIL_NOTE)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows markup and scripts in a message as the characters typed, and links only http(s) addresses', async () => {
    answer();
    wrap(<MessagesPage />);
    const list = await screen.findByRole('list', { name: 'Messages, oldest first' });
    const text = within(list).getByText(/<b>bold<\/b>/);
    expect(text.textContent).toBe(
      '<b>bold</b><script>alert(1)</script><img src=x onerror=alert(1)>\nForm: https://www.irs.gov/w4. Or javascript:alert(2)',
    );
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    // Escaped into text: no element came out of the markup.
    expect(text).toContainHTML('&lt;b&gt;bold&lt;/b&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img');
    expect(within(text).queryByRole('img')).toBeNull();
    const link = within(text).getByRole('link', { name: 'https://www.irs.gov/w4' });
    expect(link).toHaveAttribute('href', 'https://www.irs.gov/w4');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(text).getAllByRole('link')).toHaveLength(1);
    for (const anchor of screen.getAllByRole('link')) {
      expect(anchor.getAttribute('href')).toMatch(/^(https?:\/\/|\/)/);
    }
  });

  it('marks the firm’s messages read on opening and tells the layout (bell and badge)', async () => {
    answer();
    const onRead = vi.fn();
    wrap(<MessagesPage onRead={onRead} />);
    await waitFor(() => expect(onRead).toHaveBeenCalledTimes(1));
    expect(callsOf(CALLS.accountMessagesRead)).toHaveLength(1);
  });

  it('does not call read when nothing is unread, and says so when there are no messages', async () => {
    answer({ ...CONVERSATION, messages: [], unread: 0, tax_years: [] });
    wrap(<MessagesPage onRead={vi.fn()} />);
    expect(await screen.findByText(NO_MESSAGES)).toBeVisible();
    expect(screen.queryByLabelText('Tax year')).toBeNull();
    expect(callsOf(CALLS.accountMessagesRead)).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by tax year, and a message written there is about that year', async () => {
    answer();
    wrap(<MessagesPage />);
    const year = await screen.findByLabelText('Tax year');
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All years', '2025', '2024']);
    await userEvent.selectOptions(year, '2024');
    await waitFor(() =>
      expect(callsOf(CALLS.accountMessagesList).map((c) => c[1])).toContainEqual({ taxy: 2024 }),
    );
    await userEvent.type(screen.getByLabelText('Your message'), 'About 2024');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsOf(CALLS.accountMessagesSend)).toHaveLength(1));
    expect(callsOf(CALLS.accountMessagesSend)[0]?.[1]).toEqual({ body: 'About 2024', taxy: 2024 });
  });
});

describe('MessageComposer', () => {
  it('refuses an empty message and a wrong or too large file before anything is sent', async () => {
    answer();
    const user = userEvent.setup({ applyAccept: false });
    wrap(<MessagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.MESSAGE_EMPTY);
    await user.upload(fileInput(), photo('setup.exe', 'application/x-msdownload'));
    expect(screen.getByRole('alert')).toHaveTextContent(`setup.exe: ${MESSAGES.MESSAGE_UPLOAD_WRONG_TYPE}`);
    await user.upload(fileInput(), photo('huge.pdf', 'application/pdf', 25 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent(`huge.pdf: ${MESSAGES.MESSAGE_UPLOAD_TOO_LARGE}`);
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
    expect(callsOf(CALLS.accountMessagesSend)).toHaveLength(0);
  });

  it('offers the camera’s photo types without forcing the camera, and takes at most five files', async () => {
    answer();
    const user = userEvent.setup();
    wrap(<MessagesPage />);
    await screen.findByRole('button', { name: 'Send' });
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('.heic'));
    expect(fileInput()).not.toHaveAttribute('capture');
    await user.upload(
      fileInput(),
      [1, 2, 3, 4, 5].map((n) => photo(`p${n}.jpg`)),
    );
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove p3.jpg' }));
    expect(screen.getByRole('list', { name: 'Attachments' })).not.toHaveTextContent('p3.jpg');
    await user.upload(fileInput(), [photo('p6.jpg'), photo('p7.jpg')]);
    expect(screen.getByRole('alert')).toHaveTextContent('Attach at most 5 files to one message.');
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem')).toHaveLength(
      4,
    );
  });

  it('sends the text and the photos as one multipart call, then clears the form and says "Message sent."', async () => {
    answer();
    const user = userEvent.setup();
    wrap(<MessagesPage />);
    await user.type(await screen.findByLabelText('Your message'), '  My W-2 is attached.  ');
    const w2 = photo('w2.jpg');
    await user.upload(fileInput(), w2);
    expect(screen.getByRole('list', { name: 'Attachments' })).toHaveTextContent('w2.jpg (4 KB)');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.MESSAGE_SENT);
    const [call] = callsOf(CALLS.accountMessagesSend);
    expect(call?.[1]).toEqual({ body: 'My W-2 is attached.' });
    expect(call?.[2]).toEqual({ [MESSAGE_UPLOAD_FIELD]: [w2] });
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
    expect(window.sessionStorage.getItem(MESSAGE_DRAFT_KEY)).toBeNull();
  });

  it("shows the server's refusal and keeps what was written", async () => {
    answer();
    api.mockImplementation(async (call: unknown) => {
      if (call === CALLS.accountMessagesSend)
        throw new ApiError(MESSAGES.MESSAGE_UPLOAD_WRONG_TYPE, { status: 422, code: 'VALIDATION_FAILED' });
      return call === CALLS.accountMessagesList ? CONVERSATION : READ;
    });
    const user = userEvent.setup();
    wrap(<MessagesPage />);
    await user.type(await screen.findByLabelText('Your message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.MESSAGE_UPLOAD_WRONG_TYPE);
    expect(screen.getByLabelText('Your message')).toHaveValue('Hello');
  });
});

describe('A message written while the session ended', () => {
  it('survives the forced logout and comes back after sign-in; one click sends it', async () => {
    answer();
    // The session has ended on the server: the send is refused, and the forced logout clears local storage.
    api.mockImplementation(async (call: unknown) => {
      if (call === CALLS.accountMessagesSend) {
        clearSession();
        throw new ApiError(MESSAGES.UNAUTHORIZED, { status: 401, code: 'UNAUTHORIZED' });
      }
      return call === CALLS.accountMessagesList ? CONVERSATION : READ;
    });
    const user = userEvent.setup();
    const view = wrap(<MessagesPage />);
    await user.type(await screen.findByLabelText('Your message'), 'My SSN question,\nsecond line');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // (The real forced logout now reloads the page at home.)
    await waitFor(() => expect(window.localStorage.length).toBe(0));
    expect(callsOf(CALLS.accountMessagesSend)).toHaveLength(1);
    view.unmount();

    // Signed in again, as the same client.
    answer();
    saveLogin(USER);
    wrap(<MessagesPage />);
    expect(await screen.findByLabelText('Your message')).toHaveValue('My SSN question,\nsecond line');
    expect(screen.getByText(DRAFT_KEPT)).toBeVisible();
    expect(screen.getByText(DRAFT_FILES_AGAIN)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send it now' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.MESSAGE_SENT);
    expect(callsOf(CALLS.accountMessagesSend).at(-1)?.[1]).toEqual({ body: 'My SSN question,\nsecond line' });
    expect(screen.queryByText(DRAFT_KEPT)).toBeNull();
    expect(window.sessionStorage.getItem(MESSAGE_DRAFT_KEY)).toBeNull();
  });

  it('is never shown to another client who signs in on the same tab', async () => {
    answer();
    const user = userEvent.setup();
    const view = wrap(<MessagesPage />);
    await user.type(await screen.findByLabelText('Your message'), 'Private words');
    view.unmount();
    clearSession();
    saveLogin({ ...USER, user_id: 'u2', client_id: 'c2', user_name: 'Someone Else' });
    wrap(<MessagesPage />);
    expect(await screen.findByLabelText('Your message')).toHaveValue('');
    expect(screen.queryByText(DRAFT_KEPT)).toBeNull();
    expect(window.sessionStorage.getItem(MESSAGE_DRAFT_KEY)).toBeNull();
  });

  it('can be discarded', async () => {
    window.sessionStorage.setItem(MESSAGE_DRAFT_KEY, JSON.stringify({ user: 'u1', body: 'Old words' }));
    answer();
    wrap(<MessagesPage />);
    expect(await screen.findByLabelText('Your message')).toHaveValue('Old words');
    await userEvent.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    expect(window.sessionStorage.getItem(MESSAGE_DRAFT_KEY)).toBeNull();
  });
});

describe('MessagesCard (dashboard)', () => {
  it('shows the unread count, sends, then links to the conversation; the kept draft comes back here too', async () => {
    window.sessionStorage.setItem(MESSAGE_DRAFT_KEY, JSON.stringify({ user: 'u1', body: 'Kept words' }));
    answer();
    wrap(<MessagesCard unread={2} />);
    expect(screen.getByRole('heading', { name: 'Message your preparer' })).toBeVisible();
    expect(screen.getByText('2 unread')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read your messages' })).toHaveAttribute(
      'href',
      '/user/messages',
    );
    expect(screen.getByLabelText('Your message')).toHaveValue('Kept words');
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Send it now' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(MESSAGES.MESSAGE_SENT);
    expect(within(status).getByRole('link', { name: 'See the conversation' })).toHaveAttribute(
      'href',
      '/user/messages',
    );
    // The card reads no conversation: its count comes from the bell's answer.
    expect(callsOf(CALLS.accountMessagesList)).toHaveLength(0);
  });
});
