import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column, type TableState } from './data-table.tsx';

type Person = { id: string; name: string };

const PEOPLE: Person[] = [
  { id: 'p1', name: 'Meera Nair' },
  { id: 'p2', name: 'Ravi Kumar' },
];

const COLUMNS: Column<Person>[] = [{ label: 'Name', render: (p) => p.name }];

const STATE: TableState<never> = {
  search: '',
  setSearch: vi.fn(),
  sort: undefined,
  toggleSort: vi.fn(),
  page: 1,
  setPage: vi.fn(),
  pageSize: 25,
};

/** PEOPLE in a table whose rows may be selected; `initial` are selected at first (as if on another page). */
function People({ rows = PEOPLE, initial = [] }: { rows?: Person[]; initial?: string[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(initial));
  return (
    <DataTable
      caption="People"
      empty="No people match."
      columns={COLUMNS}
      list={{ data: { data: rows, recordsFiltered: rows.length }, isPending: false, isFetching: false }}
      rowKey={(p) => p.id}
      state={STATE}
      error={null}
      selection={{ selected, onChange: setSelected, rowLabel: (p) => p.name }}
    />
  );
}

const renderPeople = (props: Parameters<typeof People>[0] = {}) =>
  render(
    <MantineProvider>
      <People {...props} />
    </MantineProvider>,
  );

describe('DataTable row selection', () => {
  it('gives each row a checkbox named after it, and the header one for the page', () => {
    renderPeople();
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByRole('checkbox', { name: 'Select Meera Nair' })).not.toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select Ravi Kumar' })).not.toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('0 rows selected');
  });

  it('selects a row, announces the count, and marks the page box mixed until every row is selected', async () => {
    renderPeople();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Meera Nair' }));
    expect(screen.getByRole('checkbox', { name: 'Select Meera Nair' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 row selected');
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ravi Kumar' }));
    expect(all).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('2 rows selected');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Meera Nair' }));
    expect(screen.getByRole('status')).toHaveTextContent('1 row selected');
  });

  it("selects and clears the page's rows at once, keeping rows selected on other pages", async () => {
    renderPeople({ initial: ['elsewhere'] });
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await userEvent.click(all);
    expect(screen.getByRole('checkbox', { name: 'Select Meera Nair' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Ravi Kumar' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('3 rows selected');
    await userEvent.click(all);
    expect(screen.getByRole('checkbox', { name: 'Select Meera Nair' })).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 row selected');
  });

  it('spans the empty state across the checkbox column too, with the page box disabled', () => {
    renderPeople({ rows: [] });
    expect(screen.getByRole('cell', { name: 'No people match.' })).toHaveAttribute('colspan', '2');
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeDisabled();
  });
});
