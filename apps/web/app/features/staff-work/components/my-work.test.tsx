import { CALLS, FIRM_TIME_ZONE, MESSAGES, WORK_KINDS, type WorkItem } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { MyWork, whenOf } from './my-work.tsx';

const ASHA = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const ITEM = '00000000-0000-4000-8000-0000000000c1';
const MEENA = '00000000-0000-4000-8000-0000000000a1';
const ME = '00000000-0000-4000-8000-0000000000a2';

const UPLOAD: WorkItem = {
  key: `upload_review:${ITEM}`,
  kind: 'upload_review',
  client_id: ASHA,
  name: 'Asha Rao',
  file_number: '2025-0007',
  tax_year: 2025,
  summary: 'Uploaded W-2 (Acme)',
  at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  due_on: null,
  target_id: ITEM,
  owner: { user_id: MEENA, name: 'Meena Rao' },
  snoozed: null,
};
const MESSAGE: WorkItem = {
  ...UPLOAD,
  key: 'message_unanswered:t1',
  kind: 'message_unanswered',
  summary: 'Wrote 2 messages',
  target_id: null,
};

/** Today in the firm's calendar, as the counts answer it. */
const FIRM_TODAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: FIRM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const bodiesOf = (call: unknown) => api.mock.calls.filter(([c]) => c === call).map(([, body]) => body);

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }, body: { kind?: string }) => {
    if (call.path === CALLS.staffWorkCounts.path)
      return {
        http_code: 200,
        status_smessage: 'Success',
        counts: WORK_KINDS.map((kind) => ({
          kind,
          count: kind === 'upload_review' || kind === 'message_unanswered' ? 1 : 0,
          more: false,
        })),
        total: 2,
        total_more: false,
        snoozed: 0,
        snoozed_more: false,
        today: FIRM_TODAY,
      };
    if (call.path === CALLS.staffWorkList.path) {
      const items = [UPLOAD, MESSAGE].filter((i) => !body.kind || i.kind === body.kind);
      return {
        http_code: 200,
        status_smessage: 'Success',
        items,
        total: items.length,
        total_more: false,
        limit: 100,
      };
    }
    if (call.path === CALLS.staffMembers.path)
      return {
        http_code: 200,
        status_smessage: 'Success',
        staff: [{ user_id: MEENA, name: 'Meena Rao', role: 'analyst' }],
      };
    if (call.path === CALLS.staffWorkSnooze.path)
      return { http_code: 200, status_smessage: MESSAGES.WORK_SNOOZED };
    throw new Error(`unexpected call ${call.path}`);
  });
});

describe('MyWork', () => {
  it('lists each item with the client, what happened, when, and one action that opens the file at its tab', async () => {
    const view = renderWithProviders(<MyWork viewer={{ userId: ME, role: 'analyst' }} />, {
      route: '/staff',
    });
    const table = await screen.findByRole('table', { name: 'My work' });
    const [, upload, message] = within(table).getAllByRole('row');
    expect(upload).toHaveTextContent('Asha Rao');
    expect(upload).toHaveTextContent('2025-0007');
    expect(upload).toHaveTextContent('Uploaded W-2 (Acme)');
    expect(upload).toHaveTextContent('3 days ago');
    expect(
      within(upload as HTMLElement).getByRole('link', {
        name: 'Review upload: Asha Rao, Uploaded W-2 (Acme)',
      }),
    ).toHaveAttribute('href', `/staff/clients/${ASHA}/checklist?focus=${ITEM}`);
    expect(
      within(message as HTMLElement).getByRole('link', { name: 'Answer: Asha Rao, Wrote 2 messages' }),
    ).toHaveAttribute('href', `/staff/clients/${ASHA}/messages`);
    // Counts per kind, as filters; an analyst has no "Whose work" switch and asks only for their own.
    const kinds = screen.getByRole('navigation', { name: 'Kinds of work' });
    expect(within(kinds).getByRole('button', { name: 'All (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText('Whose work')).not.toBeInTheDocument();
    expect(bodiesOf(CALLS.staffWorkList)).toEqual([{ who: 'me', snoozed: false }]);

    await userEvent.click(within(kinds).getByRole('button', { name: 'Uploads to review (1)' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(bodiesOf(CALLS.staffWorkList).at(-1)).toEqual({
      who: 'me',
      snoozed: false,
      kind: 'upload_review',
    });
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says "1,000+" where the server’s counts stopped at their bound', async () => {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffWorkCounts.path)
        return {
          http_code: 200,
          status_smessage: 'Success',
          counts: WORK_KINDS.map((kind) =>
            kind === 'file_unassigned' ? { kind, count: 1000, more: true } : { kind, count: 0, more: false },
          ),
          total: 1000,
          total_more: true,
          snoozed: 1000,
          snoozed_more: true,
          today: FIRM_TODAY,
        };
      if (call.path === CALLS.staffWorkList.path)
        return {
          http_code: 200,
          status_smessage: 'Success',
          items: [UPLOAD],
          total: 1000,
          total_more: true,
          limit: 1,
        };
      throw new Error(`unexpected call ${call.path}`);
    });
    renderWithProviders(<MyWork viewer={{ userId: ME, role: 'analyst' }} />, { route: '/staff' });
    const kinds = await screen.findByRole('navigation', { name: 'Kinds of work' });
    expect(await within(kinds).findByRole('button', { name: 'All (1,000+)' })).toBeInTheDocument();
    expect(within(kinds).getByRole('button', { name: 'New files to assign (1,000+)' })).toBeInTheDocument();
    expect(within(kinds).getByRole('button', { name: 'Snoozed (1,000+)' })).toBeInTheDocument();
    expect(await screen.findByText('The oldest 1 of 1,000+ items')).toBeInTheDocument();
  });

  it("lets an admin switch to another staff member's list or the unassigned one", async () => {
    renderWithProviders(<MyWork viewer={{ userId: ME, role: 'admin' }} />, { route: '/staff' });
    const who = await screen.findByLabelText('Whose work');
    await screen.findByRole('option', { name: 'Meena Rao (analyst)' });
    await userEvent.selectOptions(who, 'Meena Rao (analyst)');
    await waitFor(() => expect(bodiesOf(CALLS.staffWorkCounts).at(-1)).toEqual({ who: MEENA }));
    expect(bodiesOf(CALLS.staffWorkList).at(-1)).toEqual({ who: MEENA, snoozed: false });
    // Someone else's list shows whose each item is.
    expect(await screen.findByRole('columnheader', { name: 'Owner' })).toBeInTheDocument();
    await userEvent.selectOptions(who, 'Unassigned (nobody’s)');
    await waitFor(() =>
      expect(bodiesOf(CALLS.staffWorkList).at(-1)).toEqual({ who: 'unassigned', snoozed: false }),
    );
  });

  it('snoozes an item to a day with a note', async () => {
    renderWithProviders(<MyWork viewer={{ userId: ME, role: 'analyst' }} />, { route: '/staff' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Snooze: Asha Rao, Uploaded W-2 (Acme)' }),
    );
    const dialog = await screen.findByRole('dialog');
    const until = within(dialog).getByLabelText(/Until/);
    // The firm's tomorrow, whatever the browser's zone: the server refuses a day not after its own.
    expect(until).toHaveValue(dayAfter(FIRM_TODAY));
    expect(until).toHaveAttribute('min', dayAfter(FIRM_TODAY));
    await userEvent.clear(until);
    await userEvent.type(until, '2030-01-15');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Corrected W-2 coming');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.WORK_SNOOZED);
    expect(bodiesOf(CALLS.staffWorkSnooze)).toEqual([
      { key: UPLOAD.key, until: '2030-01-15', note: 'Corrected W-2 coming' },
    ]);
  });
});

describe('whenOf', () => {
  const today = '2026-03-10';
  it("says how long ago, or how long until due, in the firm's calendar", () => {
    expect(whenOf({ at: '2026-03-07T15:00:00Z', due_on: null }, today)).toBe('3 days ago');
    expect(whenOf({ at: '2026-03-10T14:00:00Z', due_on: null }, today)).toBe('today');
    // 3 am UTC on the 10th is still the 9th in the firm's time zone (America/Chicago).
    expect(whenOf({ at: '2026-03-10T03:00:00Z', due_on: null }, today)).toBe('yesterday');
    expect(whenOf({ at: null, due_on: '2026-03-15' }, today)).toBe('due in 5 days');
    expect(whenOf({ at: null, due_on: '2026-03-10' }, today)).toBe('due today');
    expect(whenOf({ at: null, due_on: '2026-03-09' }, today)).toBe('1 day overdue');
    expect(whenOf({ at: null, due_on: '2026-03-01' }, today)).toBe('9 days overdue');
  });
});
