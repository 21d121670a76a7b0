import { CALLS, type StaffClientRow } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { WorkQueues } from './work-queues.tsx';
import { api } from '../../../testing/api-mock.ts';

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
  offshore_state: 'yes',
});
const ROWS = [
  row(1, 'Asha Rao', { accepted: 6, required: 8, complete: false }),
  row(2, 'Ravi Shah', { accepted: 8, required: 8, complete: true }),
  { ...row(3, 'Meera Iyer', { accepted: 0, required: 0, complete: false }), offshore_state: 'no' as const },
];

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.taxYears.path) return { ...envelope, taxyears: [2025, 2024] };
    if (call.path === CALLS.staffQueues.path)
      return { ...envelope, tax_year: 2025, counts: [{ status: 'Docs Upload Pending', count: 3 }], total: 3 };
    if (call.path === CALLS.staffClientList.path)
      return { ...envelope, draw: 1, recordsTotal: 3, recordsFiltered: 3, data: ROWS };
    throw new Error(`unexpected call ${call.path}`);
  });
});

/** Renders the queues; answers their table once it shows. */
async function queuesTable() {
  renderWithProviders(<WorkQueues />, { route: '/' });
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
