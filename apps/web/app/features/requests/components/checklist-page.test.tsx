import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type AccountRequests, type RequestItem } from '@taxfirm/contract';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { requestItemFixture } from '../../../testing/request-items.ts';
import { ChecklistCard } from './checklist-card.tsx';
import { checklistHeadline, tomorrowDay } from './checklist-headline.ts';
import { ChecklistPage, ChecklistView } from './checklist-page.tsx';

const W2_A = '11111111-1111-4111-8111-111111111111';
const W2_B = '22222222-2222-4222-8222-222222222222';
const FORM16 = '33333333-3333-4333-8333-333333333333';
const LOCKED_DOC = '44444444-4444-4444-8444-444444444444';

const item = (over: Partial<RequestItem>): RequestItem =>
  requestItemFixture({ item_id: W2_A, title: 'W-2 from Acme Corp', ...over });

const DATA: AccountRequests = {
  http_code: 200,
  status_smessage: 'Success',
  tax_year: 2025,
  editable: true,
  progress: { open: 2, to_review: 1, accepted: 0, required: 3, complete: false },
  items: [
    item({}),
    item({
      item_id: W2_B,
      position: 1,
      title: 'W-2 from Globex',
      status: 'rejected',
      status_label: 'Needs another copy',
      reason: 'The second page is missing.',
      events: [
        {
          action: 'rejected',
          from_status: 'uploaded',
          to_status: 'rejected',
          reason: 'The second page is missing.',
          by: 'The firm',
          at: '2026-02-05T12:00:00.000Z',
        },
      ],
    }),
    item({
      item_id: FORM16,
      position: 2,
      type: 'form-16',
      type_label: 'Form 16 (India)',
      title: 'Form 16',
      status: 'uploaded',
      status_label: "Received – we're checking",
      files: [
        {
          document_id: LOCKED_DOC,
          name: 'form16.pdf',
          size: 200_000,
          content_type: 'application/pdf',
          uploaded_at: '2026-02-04T12:00:00.000Z',
          locked: true,
          download_url: '/api/account/requests/file?t=a.b',
        },
      ],
    }),
  ],
  received: [
    {
      category: 'W2',
      label: 'W2',
      files: [
        {
          document_id: 'd9',
          name: 'old-w2.jpg',
          size: 5000,
          content_type: 'image/jpeg',
          uploaded_at: '2026-01-20T12:00:00.000Z',
          locked: false,
          download_url: '/api/upload/file?t=c.d',
        },
      ],
    },
    { category: 'OTHERDOCS', label: 'Other', files: [] },
  ],
  reminders: [
    { sent_at: '2026-02-10T12:00:00.000Z', manual: false, items: ['W-2 from Acme Corp'] },
    { sent_at: '2026-02-03T12:00:00.000Z', manual: false, items: ['W-2 from Acme Corp'] },
  ],
};

let calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = String(url).includes('requests/list')
        ? DATA
        : { http_code: 200, status_smessage: 'Success', message: 'Saved.' };
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders as the app does, under a router at `/`. */
const wrap = (ui: ReactElement) => renderWithProviders(ui, { route: '/' });

const card = (title: string) => screen.getByRole('listitem', { name: title });

describe('checklistHeadline', () => {
  it('says what is open, what is being checked, or that everything is in', () => {
    const p = { open: 0, to_review: 0, accepted: 0, required: 0, complete: false };
    expect(checklistHeadline({ ...p, open: 3 }, 2025)).toBe('We need 3 things for 2025');
    expect(checklistHeadline({ ...p, open: 1 }, 2025)).toBe('We need 1 thing for 2025');
    expect(checklistHeadline({ ...p, to_review: 2 }, 2025)).toBe(
      "We have everything we asked for; we're checking 2",
    );
    expect(checklistHeadline({ ...p, accepted: 4, required: 4, complete: true }, 2025)).toBe(
      'Everything is in. Thank you.',
    );
  });
});

describe('ChecklistView', () => {
  it('shows the open count, each item, the rejection reason, what else came in and the reminders', async () => {
    wrap(<ChecklistView data={DATA} />);
    expect(screen.getByRole('heading', { level: 1, name: 'We need 2 things for 2025' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /./ })).toHaveLength(3);
    const globex = card('W-2 from Globex');
    expect(within(globex).getByText('Needs another copy')).toBeInTheDocument();
    expect(within(globex).getByText('The second page is missing.', { selector: 'div *' })).toBeVisible();
    expect(within(card('W-2 from Acme Corp')).queryByText(/second page/)).toBeNull();
    expect(within(globex).getByText(/History \(1\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download old-w2.jpg' })).toHaveAttribute(
      'href',
      '/api/upload/file?t=c.d',
    );
    expect(screen.getByText('We asked on Feb 3, Feb 10.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('marks an item as not applying with the optional reason', async () => {
    wrap(<ChecklistView data={DATA} />);
    const acme = card('W-2 from Acme Corp');
    await userEvent.click(within(acme).getByRole('button', { name: "Doesn't apply" }));
    await userEvent.type(
      within(acme).getByLabelText("Why doesn't it apply? (optional)"),
      'I left Acme in 2024',
    );
    await userEvent.click(within(acme).getByRole('button', { name: "Confirm: doesn't apply" }));
    await waitFor(() => expect(within(acme).getByRole('status')).toHaveTextContent('Saved.'));
    expect(calls.find((c) => c.url.includes('requests/notapplicable'))?.body).toEqual({
      item_id: W2_A,
      reason: 'I left Acme in 2024',
    });
  });

  it('offers "I\'ll send it by" from tomorrow on', async () => {
    wrap(<ChecklistView data={DATA} />);
    const acme = card('W-2 from Acme Corp');
    await userEvent.click(within(acme).getByRole('button', { name: "I'll send it by…" }));
    const date = within(acme).getByLabelText(/I'll send it by/);
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', tomorrowDay());
    expect(date).toBeRequired();
    expect(tomorrowDay(new Date(2025, 11, 31, 23, 30))).toBe('2026-01-01');
  });

  it('refuses a file of the wrong type before sending it', async () => {
    wrap(<ChecklistView data={DATA} />);
    const acme = card('W-2 from Acme Corp');
    const input = within(acme).getByLabelText('Choose files for W-2 from Acme Corp');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.heic,.heif,.pdf,.doc,.docx');
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input, new File(['x'.repeat(2000)], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(within(acme).getByRole('alert')).toHaveTextContent(MESSAGES.REQUEST_UPLOAD_WRONG_TYPE);
    expect(calls.some((c) => c.url.includes('requests/upload'))).toBe(false);
  });

  it('asks for a locked PDF\'s password, or lets the client say "Not now"', async () => {
    wrap(<ChecklistView data={DATA} />);
    const form16 = card('Form 16');
    expect(within(form16).getByText('locked')).toBeInTheDocument();
    await userEvent.click(within(form16).getByRole('button', { name: 'Enter its password' }));
    expect(within(form16).getByText(MESSAGES.REQUEST_PDF_LOCKED)).toBeInTheDocument();
    const password = within(form16).getByLabelText(/Password for form16.pdf/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'off');
    await userEvent.click(within(form16).getByRole('button', { name: 'Not now' }));
    expect(within(form16).queryByLabelText(/Password for form16.pdf/)).toBeNull();
    expect(within(form16).getByText('locked')).toBeInTheDocument();

    await userEvent.click(within(form16).getByRole('button', { name: 'Enter its password' }));
    await userEvent.type(within(form16).getByLabelText(/Password for form16.pdf/), 'ABCDE1234F');
    await userEvent.click(within(form16).getByRole('button', { name: 'Unlock' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('requests/unlock'))?.body).toEqual({
        document_id: LOCKED_DOC,
        password: 'ABCDE1234F',
      }),
    );
  });

  it('opens the scanner for an item on demand, and closes it on Cancel', async () => {
    wrap(<ChecklistView data={DATA} />);
    const acme = card('W-2 from Acme Corp');
    expect(within(acme).queryByRole('heading', { name: /Scan pages/ })).toBeNull();
    await userEvent.click(within(acme).getByRole('button', { name: 'Scan pages' }));
    expect(
      await within(acme).findByRole('heading', { name: 'Scan pages: W-2 from Acme Corp' }),
    ).toBeInTheDocument();
    expect(within(acme).getByRole('button', { name: 'Scan pages' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(acme).getByRole('button', { name: 'Cancel' }));
    expect(within(acme).queryByRole('heading', { name: /Scan pages:/ })).toBeNull();
  });

  it('is read-only once the filing has moved on', async () => {
    wrap(<ChecklistView data={{ ...DATA, editable: false }} />);
    expect(screen.getByText(MESSAGES.REQUEST_LOCKED)).toBeInTheDocument();
    for (const name of ['Upload', 'Scan pages', "Doesn't apply", "I'll send it by…"]) {
      for (const button of screen.getAllByRole('button', { name })) expect(button).toBeDisabled();
    }
    expect(screen.queryByRole('button', { name: 'Enter its password' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps an item open that the page names (the signed pages of a document signed on paper)', () => {
    wrap(<ChecklistView data={{ ...DATA, editable: false }} openItemIds={[W2_B]} />);
    expect(within(card('W-2 from Globex')).getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(within(card('W-2 from Acme Corp')).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('says when everything is in, or is being checked', () => {
    const { unmount } = wrap(
      <ChecklistView
        data={{ ...DATA, progress: { open: 0, to_review: 0, accepted: 3, required: 3, complete: true } }}
      />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Everything is in. Thank you.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/3 of 3 accepted/)).toBeInTheDocument();
    unmount();
    wrap(
      <ChecklistView
        data={{ ...DATA, progress: { open: 0, to_review: 2, accepted: 1, required: 3, complete: false } }}
      />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: "We have everything we asked for; we're checking 2" }),
    ).toBeInTheDocument();
  });
});

describe('ChecklistCard', () => {
  it('puts the open count on the dashboard with the way to the checklist', async () => {
    wrap(<ChecklistCard />);
    expect(await screen.findByRole('heading', { name: 'We need 2 things for 2025' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your checklist' })).toHaveAttribute(
      'href',
      '/user/checklist',
    );
    expect(calls[0]?.url).toContain('account/requests/list');
  });
});

/** The browser's XMLHttpRequest as the upload uses it (jsdom has no server to send to): answers from `reply`. */
function stubUploads(reply: (form: FormData) => unknown) {
  const sent: { url: string; form: FormData }[] = [];
  class UploadRequest {
    status = 0;
    responseText = '';
    upload = { addEventListener: (_: string, fn: (e: ProgressEvent) => void) => (this.onProgress = fn) };
    private url = '';
    private onProgress: ((e: ProgressEvent) => void) | null = null;
    private listeners = new Map<string, () => void>();
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    addEventListener(name: string, fn: () => void) {
      this.listeners.set(name, fn);
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      setTimeout(() => {
        this.onProgress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
        this.status = 200;
        this.responseText = JSON.stringify(reply(form));
        this.listeners.get('load')?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', UploadRequest);
  return sent;
}

describe('ChecklistPage', () => {
  it('goes to the item a link names (`#item-<id>`: "Print, sign and upload instead"), with what comes first', async () => {
    // jsdom has no scrolling: a stand-in for this test only.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderWithProviders(<ChecklistPage top={<p>Ready to sign goes here</p>} />, {
      route: `/user/checklist#item-${W2_B}`,
    });
    const globex = await screen.findByRole('listitem', { name: 'W-2 from Globex' });
    await waitFor(() => expect(globex).toHaveFocus());
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    // The slot above the items shows under the page's heading.
    const heading = screen.getByRole('heading', { level: 1 });
    const top = screen.getByText('Ready to sign goes here');
    expect(heading.compareDocumentPosition(top) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(top.compareDocumentPosition(globex) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('ChecklistPage upload', () => {
  it('sends the chosen files for the item and opens the password form for a locked PDF at once', async () => {
    const NEW_DOC = '55555555-5555-4555-8555-555555555555';
    let uploaded = false;
    const sent = stubUploads(() => {
      uploaded = true;
      return {
        http_code: 200,
        status_smessage: 'Success',
        message: MESSAGES.REQUEST_UPLOADED,
        locked: [{ document_id: NEW_DOC, name: 'payslip.pdf' }],
      };
    });
    const afterUpload: AccountRequests = {
      ...DATA,
      items: DATA.items.map((i) =>
        i.item_id === W2_A
          ? {
              ...i,
              status: 'uploaded',
              status_label: "Received – we're checking",
              files: [
                {
                  document_id: NEW_DOC,
                  name: 'payslip.pdf',
                  size: 3000,
                  content_type: 'application/pdf',
                  uploaded_at: '2026-02-11T12:00:00.000Z',
                  locked: true,
                  download_url: '/api/account/requests/file?t=e.f',
                },
              ],
            }
          : i,
      ),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(uploaded ? afterUpload : DATA), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    wrap(<ChecklistPage />);
    await screen.findByRole('heading', { level: 1, name: 'We need 2 things for 2025' });
    const acme = card('W-2 from Acme Corp');
    const pdf = new File(['%PDF-1.7 '.padEnd(3000, 'x')], 'payslip.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(acme).getByLabelText('Choose files for W-2 from Acme Corp'), pdf);

    expect(await within(acme).findByLabelText(/Password for payslip.pdf/)).toHaveAttribute(
      'type',
      'password',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toContain('account/requests/upload');
    expect(sent[0]?.form.get('item_id')).toBe(W2_A);
    expect((sent[0]?.form.getAll('files') as File[]).map((f) => f.name)).toEqual(['payslip.pdf']);
    expect(within(acme).getByText("Received – we're checking")).toBeInTheDocument();
  });
});
