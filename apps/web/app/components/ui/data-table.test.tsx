import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListState } from '../../lib/use-list-state.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { DataTable, type Column, type TableState } from './data-table.tsx';

type Person = { id: string; name: string; email: string };
type SortColumn = 'name' | 'email';

const PEOPLE: Person[] = [
  { id: 'p1', name: 'Meera Nair', email: 'meera@example.com' },
  { id: 'p2', name: 'Ravi Kumar', email: 'ravi@example.com' },
];

const COLUMNS: Column<Person, SortColumn>[] = [
  { label: 'Name', sort: 'name', render: (p) => p.name },
  { label: 'E-mail', sort: 'email', render: (p) => p.email },
  { label: 'Note', render: () => '—' },
];

const page = (rows: Person[], total = rows.length) => ({
  data: { data: rows, recordsFiltered: total },
  isPending: false,
  isFetching: false,
});

const stateOf = (overrides: Partial<TableState<SortColumn>> = {}): TableState<SortColumn> => ({
  search: '',
  setSearch: vi.fn(),
  sort: { column: 'name', dir: 'asc' },
  toggleSort: vi.fn(),
  page: 1,
  setPage: vi.fn(),
  pageSize: 25,
  ...overrides,
});

const withMantine = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

/** The table of PEOPLE, "2 people", with a fresh state; each test overrides what it is about. */
function PeopleTable(props: Partial<ComponentProps<typeof DataTable<Person, SortColumn>>>) {
  return (
    <DataTable
      caption="2 people"
      empty="No people match."
      columns={COLUMNS}
      list={page(PEOPLE)}
      rowKey={(p) => p.id}
      state={stateOf()}
      error={null}
      {...props}
    />
  );
}

describe('DataTable', () => {
  it('renders a row per item, a cell per column, under the caption and the column headers', () => {
    withMantine(<PeopleTable label="People" />);
    const table = screen.getByRole('table', { name: '2 people' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'E-mail', 'Note']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Meera Nair', 'meera@example.com', '—'],
      ['Ravi Kumar', 'ravi@example.com', '—'],
    ]);
    // The scrollable region is named and reachable by keyboard.
    expect(screen.getByLabelText('People')).toHaveAttribute('tabindex', '0');
  });

  it('calls back with the column when a sortable header is clicked, and marks the sorted column', async () => {
    const state = stateOf({ sort: { column: 'name', dir: 'desc' } });
    withMantine(<PeopleTable state={state} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(state.toggleSort).toHaveBeenCalledExactlyOnceWith('email');
    // A column without a sort is a plain header.
    expect(screen.queryByRole('button', { name: 'Note' })).toBeNull();
  });

  it('pages: says which rows it shows and calls back with the page chosen', async () => {
    const state = stateOf({ page: 2 });
    withMantine(<PeopleTable caption="60 people" list={page(PEOPLE, 60)} state={state} />);
    expect(screen.getByText('Showing 26 to 50 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(state.setPage).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'previous page' }));
    expect(state.setPage).toHaveBeenLastCalledWith(1);
  });

  it('shows no pages when everything fits on one', () => {
    withMantine(<PeopleTable caption="25 people" list={page(PEOPLE, 25)} />);
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
  });

  it('shows the empty state across the table when nothing matches', () => {
    withMantine(<PeopleTable caption="0 people" list={page([])} />);
    const cell = screen.getByRole('cell', { name: 'No people match.' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('has no checkboxes and no selected count unless its rows are selectable', () => {
    withMantine(<PeopleTable />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('while loading, names its loader only when asked to, and takes its name from its label without a caption', () => {
    withMantine(
      <PeopleTable
        label="Audit log"
        loadingLabel="Loading the audit log"
        empty="No entries match."
        list={{ data: undefined, isPending: true, isFetching: true }}
        caption={undefined}
      />,
    );
    const table = screen.getByRole('table', { name: 'Audit log' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getByLabelText('Loading the audit log')).toBeInTheDocument();
    expect(within(table).queryByRole('cell', { name: 'No entries match.' })).toBeNull();
  });

  it('searches as one types, offers the CSV of the list, and announces an error', async () => {
    const state = stateOf();
    withMantine(
      <PeopleTable
        state={state}
        error={new Error('down')}
        search={{ placeholder: 'Name or e-mail' }}
        exportHref="/api/people/export?sort=name"
      />,
    );
    await userEvent.type(screen.getByLabelText('Search'), 'M');
    expect(state.setSearch).toHaveBeenCalledWith('M');
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', 'Name or e-mail');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/people/export?sort=name',
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('with useListState, a header click sorts ascending, a second descending', async () => {
    function People() {
      const state = useListState<SortColumn>({
        key: 'people',
        pageSize: 25,
        sort: { column: 'name', dir: 'asc' },
      });
      return <PeopleTable state={state} />;
    }
    renderWithProviders(<People />, { route: '/staff/people' });
    const header = screen.getByRole('columnheader', { name: 'E-mail' });
    await userEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });
});
