import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALLS, MESSAGES, type SavedView } from '@taxfirm/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { viewHref } from '../view-address.ts';
import { SavedViewsNav } from './saved-views-nav.tsx';
import { SaveView } from './save-view.tsx';

const VIEWS: SavedView[] = [
  {
    view_id: 'v1',
    name: 'My overdue',
    shared: false,
    editable: true,
    query: { due: 'overdue', sort: { column: 'next_due', dir: 'asc' } },
    count: 12,
    more: false,
  },
  {
    view_id: 'v2',
    name: 'Docs complete, not started',
    shared: true,
    editable: false,
    query: { status: 'Preparation Pending' },
    // Counted to its bound (ADR 034): the menu says "1,000+".
    count: 1000,
    more: true,
  },
];

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }, body: { name?: string }) => {
    if (call.path === CALLS.staffViewsList.path)
      return { http_code: 200, status_smessage: 'Success', views: VIEWS };
    if (call.path === CALLS.staffViewsSave.path) {
      if (body.name === 'My overdue') {
        throw new ApiError(MESSAGES.VIEW_NAME_TAKEN, {
          status: 409,
          code: 'CONFLICT',
          details: { name: MESSAGES.VIEW_NAME_TAKEN },
        });
      }
      return { http_code: 200, status_smessage: MESSAGES.VIEW_SAVED, view_id: 'v3' };
    }
    if (call.path === CALLS.staffViewsRemove.path)
      return { http_code: 200, status_smessage: MESSAGES.VIEW_REMOVED };
    throw new Error(`unexpected call ${call.path}`);
  });
});

describe('saved views', () => {
  it("the console's menu lists each view with its count, linking to the queue with its filters", async () => {
    renderWithProviders(<SavedViewsNav />, { route: '/staff' });
    const nav = await screen.findByRole('navigation', { name: 'Saved views' });
    expect(within(nav).getByRole('link', { name: 'My overdue (12)' })).toHaveAttribute(
      'href',
      '/staff/queues?queue.due=overdue&queue.sort=next_due&queue.dir=asc',
    );
    expect(within(nav).getByRole('link', { name: 'Docs complete, not started (1,000+)' })).toHaveAttribute(
      'href',
      '/staff/queues?queue.status=Preparation+Pending',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it("saves the queue's filters under a name (admins may share), says a name taken on the field, and removes one's own", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SaveView query={{ waiting: 'client', unattended_days: 7 }} role="admin" />, {
      route: '/staff/queues',
    });
    const name = screen.getByRole('textbox', { name: 'Save these filters, order and columns as' });
    await user.type(name, 'My overdue');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    expect(await screen.findByText(MESSAGES.VIEW_NAME_TAKEN)).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(MESSAGES.VIEW_NAME_TAKEN);

    await user.clear(name);
    await user.type(name, 'Waiting on client > 7 days');
    await user.click(screen.getByRole('checkbox', { name: 'Share with the firm' }));
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    expect(await screen.findByText(`Waiting on client > 7 days: ${MESSAGES.VIEW_SAVED}`)).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(CALLS.staffViewsSave, {
      name: 'Waiting on client > 7 days',
      shared: true,
      query: { waiting: 'client', unattended_days: 7 },
    });

    // Only the views one may change are listed for removal; removing asks first.
    expect(screen.queryByRole('button', { name: 'Remove the view Docs complete, not started' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Remove the view My overdue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the view "My overdue"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove view' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith(CALLS.staffViewsRemove, { view_id: 'v1' }));
    expect(await axeViolations()).toEqual([]);
  });

  it('an analyst has no share box', () => {
    renderWithProviders(<SaveView query={{}} role="analyst" />, { route: '/staff/queues' });
    expect(screen.queryByRole('checkbox', { name: 'Share with the firm' })).toBeNull();
    expect(viewHref({})).toBe('/staff/queues');
  });

  it("opens a view as the queue's address: its filters, its order and the columns it shows", () => {
    expect(
      viewHref({
        status: 'Review Pending',
        waiting: 'client',
        sort: { column: 'next_due', dir: 'asc' },
        columns: ['name', 'status', 'next_due'],
      }),
    ).toBe(
      '/staff/queues?queue.status=Review+Pending&queue.waiting=client&queue.cols=name%2Cstatus%2Cnext_due&queue.sort=next_due&queue.dir=asc',
    );
  });
});
