import { CALLS, MESSAGES, type RequestItem, type StaffRequests } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { requestItemFixture } from '../../../testing/request-items.ts';
import { ChecklistSection, type ChecklistSectionProps } from './checklist-section.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';
import { api } from '../../../testing/api-mock.ts';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function item(n: number, over: Partial<RequestItem> = {}): RequestItem {
  return requestItemFixture({ item_id: ID(n), position: n, title: `W-2 from employer ${n}`, ...over });
}

const UPLOADED = item(2, {
  status: 'uploaded',
  files: [
    {
      document_id: 'd1',
      name: 'w2-acme.pdf',
      size: 2 * 1024 * 1024,
      content_type: 'application/pdf',
      uploaded_at: '2026-02-01T15:00:00.000Z',
      locked: false,
      download_url: '/api/staff/documents/file?t=a.b',
      preview_url: '/api/staff/documents/file?t=a.b&inline=1',
    },
  ],
  events: [
    {
      action: 'upload',
      from_status: 'requested',
      to_status: 'uploaded',
      reason: null,
      by: 'Client',
      at: '2026-02-01T15:00:00.000Z',
    },
  ],
});

function listing(over: Partial<StaffRequests> = {}): StaffRequests {
  return {
    http_code: 200,
    status_smessage: 'Success',
    tax_year: 2025,
    editable: true,
    progress: { open: 1, to_review: 1, accepted: 6, required: 8, complete: false },
    items: [item(1), UPLOADED, item(3, { type: '1098', type_label: '1098', title: 'Mortgage interest' })],
    received: [],
    reminders: [{ sent_at: '2026-02-03T10:00:00.000Z', manual: false, items: ['W-2 from employer 1'] }],
    reminder_summary: 'reminded 1 time, no response',
    file_status: 'Docs Upload Pending',
    next_status: 'Preparation Pending',
    templates: [{ template_id: ID(9), name: 'US individual', items: 4 }],
    links_ttl_s: 600,
    ...over,
  };
}

let current: StaffRequests;
beforeEach(() => {
  api.mockReset();
  current = listing();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffRequestsList.path) return current;
    if (call.path === CALLS.staffRequestsReview.path)
      return {
        http_code: 200,
        status_smessage: MESSAGES.REQUEST_REVIEWED,
        message: MESSAGES.REQUEST_REVIEWED,
      };
    if (call.path === CALLS.staffRequestsRemind.path)
      return {
        http_code: 200,
        status_smessage: MESSAGES.REQUEST_REMINDED,
        message: MESSAGES.REQUEST_REMINDED,
      };
    return { http_code: 200, status_smessage: MESSAGES.REQUEST_SAVED, message: MESSAGES.REQUEST_SAVED };
  });
});

function renderSection(props: Partial<ChecklistSectionProps> = {}) {
  return renderWithProviders(
    <ChecklistSection clientId={CLIENT} taxYear={2025} clientName="Asha Rao" {...props} />,
  );
}

/** The calls made to any of these paths, in order. */
const callsTo = (...paths: string[]) =>
  api.mock.calls.filter(([call]) => paths.includes((call as { path: string }).path));

describe('ChecklistSection', () => {
  it('shows the progress as text and a labelled bar, the reminders, and each item with its files', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: /Checklist/ });
    expect(await within(section).findByText('6 of 8 accepted')).toBeInTheDocument();
    const bar = within(section).getByRole('progressbar', { name: 'Checklist progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(within(section).getByText('reminded 1 time, no response')).toBeInTheDocument();
    const received = within(section).getByRole('article', { name: 'W-2 from employer 2' });
    expect(within(received).getByText('Received – to review')).toBeInTheDocument();
    const preview = within(received).getByRole('link', { name: 'Preview w2-acme.pdf (opens in a new tab)' });
    expect(preview).toHaveAttribute('href', '/api/staff/documents/file?t=a.b&inline=1');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(within(received).getByRole('link', { name: 'Download w2-acme.pdf' })).toHaveAttribute(
      'href',
      '/api/staff/documents/file?t=a.b',
    );
    // History is collapsed under a disclosure.
    expect(within(received).getByText('History (1)')).toBeInTheDocument();
    // Accept is offered only for a received item.
    const requested = within(section).getByRole('article', { name: 'W-2 from employer 1' });
    expect(within(requested).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('focuses the item a link into the file names (?focus=)', async () => {
    renderSection({ focusId: ID(3) });
    const focused = await screen.findByRole('article', { name: 'Mortgage interest' });
    await waitFor(() => expect(focused).toHaveFocus());
    expect(screen.getByRole('article', { name: 'W-2 from employer 1' })).not.toHaveAttribute('tabindex');
  });

  it('accepts a received item through the review call and refreshes the list', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept W-2 from employer 2' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.REQUEST_REVIEWED);
    expect(callsTo(CALLS.staffRequestsReview.path).map(([, body]) => body)).toEqual([
      { decision: 'accept', item_id: ID(2) },
    ]);
    await waitFor(() => expect(callsTo(CALLS.staffRequestsList.path).length).toBe(2));
  });

  it('refuses a rejection without a reason in the browser, then sends the reason the client will see', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject W-2 from employer 2' }));
    const form = screen.getByRole('form', { name: 'Reject W-2 from employer 2' });
    await userEvent.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(await within(form).findByText(MESSAGES.REQUEST_REJECT_REASON_REQUIRED)).toBeInTheDocument();
    expect(callsTo(CALLS.staffRequestsReview.path)).toEqual([]);
    await userEvent.type(within(form).getByLabelText(/Reason the client will see/), 'The page is cut off');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsTo(CALLS.staffRequestsReview.path).map(([, body]) => body)).toEqual([
        { decision: 'reject', item_id: ID(2), reason: 'The page is cut off' },
      ]),
    );
  });

  it('moves an item with the keyboard, sends the full new order and keeps the focus on the item', async () => {
    const saveAnswer = api.getMockImplementation();
    api.mockImplementation(async (call: { path: string }, body: { item_ids?: string[] }) => {
      if (call.path === CALLS.staffRequestsItemsReorder.path) {
        const order = body.item_ids ?? [];
        current = listing({
          items: order.map((id) => current.items.find((i) => i.item_id === id) as RequestItem),
        });
      }
      return saveAnswer?.(call, body);
    });
    renderSection();
    const down = await screen.findByRole('button', { name: 'Move W-2 from employer 1 down' });
    expect(screen.getByRole('button', { name: 'Move W-2 from employer 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Mortgage interest down' })).toBeDisabled();
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(callsTo(CALLS.staffRequestsItemsReorder.path).map(([, body]) => body)).toEqual([
        { client_id: CLIENT, taxy: 2025, item_ids: [ID(2), ID(1), ID(3)] },
      ]),
    );
    const items = await screen.findAllByRole('article');
    await waitFor(() => expect(items[0]).toHaveAccessibleName('W-2 from employer 2'));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      `item-${ID(2)}`,
      `item-${ID(1)}`,
      `item-${ID(3)}`,
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move W-2 from employer 1 down' })).toHaveFocus(),
    );
    // At the top now: its up button is enabled, and moving it up again puts the focus on its down button.
    await userEvent.click(screen.getByRole('button', { name: 'Move W-2 from employer 1 up' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move W-2 from employer 1 down' })).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: 'Move W-2 from employer 1 up' })).toBeDisabled();
  });

  it('offers "Documents complete" only when complete with a next status, and moves the file through the page', async () => {
    const onMoveStatus = vi.fn(async () => 'The status was changed.');
    const { unmount: unmountIncomplete } = renderSection({ onMoveStatus });
    await screen.findByText('6 of 8 accepted');
    expect(screen.queryByRole('button', { name: /Documents complete/ })).toBeNull();
    unmountIncomplete();

    current = listing({
      progress: { open: 0, to_review: 0, accepted: 8, required: 8, complete: true },
      next_status: null,
    });
    const { unmount: unmountNoNext } = renderSection({ onMoveStatus });
    await screen.findByText('8 of 8 accepted');
    expect(screen.queryByRole('button', { name: /move to/ })).toBeNull();
    unmountNoNext();

    current = listing({ progress: { open: 0, to_review: 0, accepted: 8, required: 8, complete: true } });
    renderSection({ onMoveStatus });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Documents complete — move to Preparation Pending' }),
    );
    expect(onMoveStatus).toHaveBeenCalledWith('Preparation Pending');
    expect(await screen.findByRole('status')).toHaveTextContent('The status was changed.');
  });

  it('"Remind now" asks first and shows the server’s message', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remind now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind Asha Rao now?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.REQUEST_REMINDED);
    expect(callsTo(CALLS.staffRequestsRemind.path).map(([, body]) => body)).toEqual([
      { client_id: CLIENT, taxy: 2025 },
    ]);
  });

  it('adds an item for a dependent with every item type offered', async () => {
    renderSection({ dependents: [{ id: ID(7), name: 'Meera Rao' }] });
    const form = await screen.findByRole('form', { name: 'Add item' });
    const type = within(form).getByLabelText(/Document type/);
    expect(within(type).getAllByRole('option')).toHaveLength(18);
    await userEvent.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(await within(form).findByText(MESSAGES.REQUEST_ITEM_TITLE_REQUIRED)).toBeInTheDocument();
    await userEvent.selectOptions(type, '1098-T');
    await userEvent.type(within(form).getByLabelText(/Title/), 'Tuition statement');
    await userEvent.selectOptions(within(form).getByLabelText('Person'), 'Dependent: Meera Rao');
    await userEvent.click(within(form).getByRole('button', { name: 'Add item' }));
    await waitFor(() =>
      expect(callsTo(CALLS.staffRequestsItemsAdd.path).map(([, body]) => body)).toEqual([
        {
          client_id: CLIENT,
          taxy: 2025,
          item: {
            type: '1098-t',
            title: 'Tuition statement',
            person: 'dependent',
            dependent_id: ID(7),
            note: undefined,
            required: true,
          },
        },
      ]),
    );
  });

  it('marks an item not applicable (reason optional) and applies a template', async () => {
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark Mortgage interest not applicable' }),
    );
    const form = screen.getByRole('form', { name: 'Mark Mortgage interest not applicable' });
    await userEvent.click(within(form).getByRole('button', { name: 'Mark not applicable' }));
    await userEvent.selectOptions(await screen.findByLabelText('Template'), 'US individual (4 items)');
    await userEvent.click(screen.getByRole('button', { name: 'Apply template' }));
    await waitFor(() =>
      expect(
        callsTo(CALLS.staffRequestsItemsNotApplicable.path, CALLS.staffRequestsApplyTemplate.path).map(
          ([call, body]) => [(call as { path: string }).path, body],
        ),
      ).toEqual([
        [CALLS.staffRequestsItemsNotApplicable.path, { client_id: CLIENT, taxy: 2025, item_id: ID(3) }],
        [CALLS.staffRequestsApplyTemplate.path, { client_id: CLIENT, taxy: 2025, template_id: ID(9) }],
      ]),
    );
  });

  it('is read-only when the file has moved on', async () => {
    current = listing({ editable: false });
    renderSection();
    await screen.findByText('6 of 8 accepted');
    for (const name of [/^Accept/, /^Reject/, /^Edit/, /^Remove/, /^Move/, 'Remind now', 'Apply template']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('form', { name: 'Add item' })).toBeNull();
  });
});
