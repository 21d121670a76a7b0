import { CALLS, type StaffClientRow } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { firmDayOf } from '../../../lib/dates.ts';
import { WorkQueues } from './work-queues.tsx';
import { api } from '../../../testing/api-mock.ts';

const MEENA = '00000000-0000-4000-8000-0000000000a1';
const envelope = { http_code: 200, status_smessage: 'Success' };
const row = (n: number, name: string, documents: StaffClientRow['documents']): StaffClientRow => ({
  client_id: `5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a1${n}`,
  file_number: `TF25-000${n}`,
  name,
  email: `c${n}@example.com`,
  phone: '+1 469-555-0100',
  status: 'Docs Upload Pending',
  assigned_to: null,
  referred_by: null,
  documents,
  organizer: 'in_progress',
  offshore_state: 'yes',
  // Midday in the firm's zone nine firm days ago: nine days in status at any hour the test runs (an instant
  // 9 days and an hour back is ten firm days ago just after the firm's midnight).
  status_since: new Date(Date.parse(`${firmDayOf(new Date())}T18:00:00Z`) - 9 * 86_400_000).toISOString(),
  next_due: '2026-04-15',
  last_client_activity: null,
});
const ROWS = [
  row(1, 'Asha Rao', { accepted: 6, required: 8, complete: false }),
  row(2, 'Ravi Shah', { accepted: 8, required: 8, complete: true }),
  { ...row(3, 'Meera Iyer', { accepted: 0, required: 0, complete: false }), offshore_state: 'no' as const },
];

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffMembers.path)
      return { ...envelope, staff: [{ user_id: MEENA, name: 'Meena Rao', role: 'analyst' }] };
    if (call.path === CALLS.taxYears.path) return { ...envelope, taxyears: [2025, 2024] };
    if (call.path === CALLS.staffQueues.path)
      return {
        ...envelope,
        tax_year: 2025,
        counts: [{ status: 'Docs Upload Pending', count: 3, more: false }],
        total: 3,
        total_more: false,
      };
    if (call.path === CALLS.staffClientList.path)
      return { ...envelope, draw: 1, recordsTotal: 3, recordsFiltered: 3, more: false, data: ROWS };
    throw new Error(`unexpected call ${call.path}`);
  });
});

/** Renders the queues; answers their table once it shows. */
async function queuesTable(role: 'admin' | 'analyst' = 'analyst') {
  renderWithProviders(<WorkQueues role={role} />, { route: '/' });
  return screen.findByRole('table');
}

describe('WorkQueues, the documents column', () => {
  it('shows each file’s checklist as "6/8" (read out in full) or "Complete" in words', async () => {
    const table = await queuesTable();
    expect(within(table).getByRole('columnheader', { name: 'Documents' })).toBeInTheDocument();
    const cellOf = async (name: string) => {
      await within(table).findByRole('link', { name });
      const tr = within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('link', { name }));
      if (!tr) throw new Error(`no row for ${name}`);
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      return within(tr).getAllByRole('cell')[headers.indexOf('Documents')];
    };
    const partial = await cellOf('Asha Rao');
    expect(partial).toHaveTextContent('6/8');
    expect(partial).toHaveTextContent('6 of 8 accepted');
    expect(await cellOf('Ravi Shah')).toHaveTextContent('Complete');
    expect(await cellOf('Meera Iyer')).toHaveTextContent('No checklist items');
    expect(await axeViolations()).toEqual([]);
  });

  it('marks a client without a §7216 Yes "US-only", saying why, and no other', async () => {
    const table = await queuesTable();
    await within(table).findByRole('link', { name: 'Meera Iyer' });
    expect(within(table).getAllByText('US-only')).toHaveLength(1);
    expect(
      within(table).getByTitle('The client answered No to disclosure outside the United States.'),
    ).toHaveTextContent('US-only');
    const meera = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryByRole('link', { name: 'Meera Iyer' }));
    expect(meera).toHaveTextContent(
      'US-only: The client answered No to disclosure outside the United States.',
    );
  });
});

describe('WorkQueues, the workbench filters and columns', () => {
  const lastBodyOf = (path: string) =>
    api.mock.calls.filter(([call]) => call.path === path).at(-1)?.[1] as Record<string, unknown>;
  const lastListBody = () => lastBodyOf(CALLS.staffClientList.path);

  it('shows days in status, the next due date and the last client activity', async () => {
    const table = await queuesTable();
    await within(table).findByRole('link', { name: 'Asha Rao' });
    for (const name of ['Days in status', 'Next due', 'Last client activity']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    const asha = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryByRole('link', { name: 'Asha Rao' }));
    expect(asha).toHaveTextContent('04-15-2026');
    expect(asha).toHaveTextContent('None');
    expect(
      within(asha as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('9');
  });

  it("sends each filter to the server, for the list and its counts by status; the owner filter is an admin's", async () => {
    await queuesTable('admin');
    await userEvent.selectOptions(screen.getByLabelText('Deliverable'), 'Indian return (ITR)');
    await userEvent.selectOptions(screen.getByLabelText('Due'), 'Overdue');
    await userEvent.selectOptions(screen.getByLabelText('Waiting on'), 'The client');
    await userEvent.selectOptions(screen.getByLabelText(/^Unattended/), '14 days or more');
    await screen.findByRole('option', { name: 'Meena Rao (analyst)' });
    await userEvent.selectOptions(screen.getByLabelText('Owner'), 'Meena Rao (analyst)');
    await waitFor(() =>
      expect(lastListBody()).toMatchObject({
        deliverable_kind: 'itr',
        due: 'overdue',
        waiting: 'client',
        unattended_days: 14,
        owner: MEENA,
      }),
    );
    // The counts by status are of the same files.
    expect(lastBodyOf(CALLS.staffQueues.path)).toEqual({
      taxy: 2025,
      deliverable_kind: 'itr',
      due: 'overdue',
      waiting: 'client',
      unattended_days: 14,
      owner: MEENA,
    });
    expect(await axeViolations()).toEqual([]);
  });

  it('says "1,000+" for a count that stopped at its bound, on the tabs and above the list', async () => {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.taxYears.path) return { ...envelope, taxyears: [2025] };
      if (call.path === CALLS.staffQueues.path)
        return {
          ...envelope,
          tax_year: 2025,
          counts: [
            { status: 'Docs Upload Pending', count: 1000, more: true },
            { status: 'Preparation Pending', count: 1234, more: false },
          ],
          total: 1000,
          total_more: true,
        };
      if (call.path === CALLS.staffClientList.path)
        return { ...envelope, draw: 1, recordsTotal: 1000, recordsFiltered: 1000, more: true, data: ROWS };
      throw new Error(`unexpected call ${call.path}`);
    });
    await queuesTable();
    const tabs = screen.getByRole('region', { name: 'Queues by file status' });
    await waitFor(() =>
      expect(within(tabs).getByRole('button', { name: /^All/ })).toHaveTextContent('1,000+'),
    );
    expect(within(tabs).getByRole('button', { name: /^Docs Upload Pending/ })).toHaveTextContent('1,000+');
    expect(within(tabs).getByRole('button', { name: /^Preparation Pending/ })).toHaveTextContent(/1,234$/);
    expect(await screen.findByText('1,000+ clients: All, 2025')).toBeInTheDocument();
  });

  it('has no owner filter for an analyst', async () => {
    await queuesTable('analyst');
    expect(screen.queryByLabelText('Owner')).not.toBeInTheDocument();
  });
});

describe('WorkQueues, the columns shown', () => {
  it('hides and shows columns from the chooser (never the name), and hands them to a saved view', async () => {
    let handed: unknown;
    renderWithProviders(
      <WorkQueues
        role="analyst"
        bulk={(queue) => {
          handed = queue.columns;
          return null;
        }}
      />,
      // No transitions: the chooser's dropdown shows at once.
      { route: '/', env: 'test' },
    );
    const table = await screen.findByRole('table');
    await within(table).findByRole('link', { name: 'Asha Rao' });
    expect(handed).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Columns (12 of 12)' }));
    const chooser = await screen.findByRole('group', { name: 'Columns shown' });
    expect(within(chooser).getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Phone' }));
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Referred by' }));
    await waitFor(() =>
      expect(within(table).queryByRole('columnheader', { name: 'Phone' })).not.toBeInTheDocument(),
    );
    expect(within(table).queryByRole('columnheader', { name: 'Referred by' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Email/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns (10 of 12)' })).toBeInTheDocument();
    expect(handed).toEqual([
      'file_number',
      'name',
      'email',
      'status',
      'documents',
      'organizer',
      'analyst',
      'days_in_status',
      'next_due',
      'last_client_activity',
    ]);
  });
});
