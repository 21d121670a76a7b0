import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListState } from './use-list-state.ts';

type SortColumn = 'received' | 'name';
type Filters = { status: string | undefined; year: number | undefined; unreadOnly: boolean };

/** The hook on a page at `address`, with the page's search string beside it. */
function renderAt<T>(hook: () => T, address = '/staff/inbox') {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: [address] }, children);
  return renderHook(() => ({ list: hook(), address: useLocation().search }), { wrapper });
}

const usePayments = () =>
  useListState<SortColumn, Filters>({
    key: 'payments',
    pageSize: 25,
    sort: { column: 'received', dir: 'desc' },
    filters: { status: undefined, year: undefined, unreadOnly: false },
  });

const render = (address?: string) => {
  const view = renderAt(usePayments, address);
  return {
    result: {
      get current() {
        return view.result.current.list;
      },
    },
    address: () => decodeURIComponent(view.result.current.address),
  };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useListState', () => {
  it('opens on page 1 with its first sort and filters, asking for the first page without a search', () => {
    const { result } = render();
    expect(result.current.page).toBe(1);
    expect(result.current.sort).toEqual({ column: 'received', dir: 'desc' });
    expect(result.current.filters).toEqual({ status: undefined, year: undefined, unreadOnly: false });
    expect(result.current.dataTablesParameters).toEqual({ draw: 1, start: 0, length: 25 });
    expect(result.current.exportQuery).toEqual({ search: '', sort: 'received', dir: 'desc' });
  });

  it('asks for the page chosen', () => {
    const { result } = render();
    act(() => result.current.setPage(3));
    expect(result.current.dataTablesParameters).toEqual({ draw: 3, start: 50, length: 25 });
  });

  it('sorts a new column ascending, the same column the other way, and goes back to page 1', () => {
    const { result } = render();
    act(() => result.current.setPage(2));
    act(() => result.current.toggleSort('name'));
    expect(result.current.sort).toEqual({ column: 'name', dir: 'asc' });
    expect(result.current.page).toBe(1);
    act(() => result.current.toggleSort('name'));
    expect(result.current.sort).toEqual({ column: 'name', dir: 'desc' });
    act(() => result.current.toggleSort('name'));
    expect(result.current.sort).toEqual({ column: 'name', dir: 'asc' });
    expect(result.current.exportQuery).toEqual({ search: '', sort: 'name', dir: 'asc' });
  });

  it('sends the search trimmed once typing pauses, from page 1', () => {
    const { result } = render();
    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('  meera '));
    expect(result.current.search).toBe('  meera ');
    expect(result.current.page).toBe(1);
    // Not yet: the search waits for typing to pause.
    expect(result.current.dataTablesParameters.search).toBeUndefined();
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.term).toBe('meera');
    expect(result.current.dataTablesParameters).toEqual({
      draw: 1,
      start: 0,
      length: 25,
      search: { value: 'meera' },
    });
    expect(result.current.exportQuery.search).toBe('meera');
  });

  it('sets one filter at a time, keeping the others, from page 1', () => {
    const { result } = render();
    act(() => result.current.setFilter('year', 2024));
    act(() => result.current.setPage(4));
    act(() => result.current.setFilter('status', 'new'));
    expect(result.current.filters).toEqual({ status: 'new', year: 2024, unreadOnly: false });
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(4));
    act(() => result.current.resetPage());
    expect(result.current.page).toBe(1);
  });

  it('keeps a filter chosen just before typing: two writes before the page renders again both stay', () => {
    const { result, address } = render();
    // A filter, then a keystroke, before the router has rendered the first (a slow host, a quick hand).
    act(() => {
      const list = result.current;
      list.setFilter('status', 'paid');
      list.setSearch('anika');
    });
    expect(address()).toBe('?payments.status=paid&payments.q=anika');
    expect(result.current.filters.status).toBe('paid');
  });

  it('leaves a list the server does not sort without a sort', () => {
    const view = renderAt(() => useListState({ key: 'plain', pageSize: 10 }));
    const result = { current: view.result.current.list };
    expect(result.current.sort).toBeUndefined();
    expect(result.current.filters).toEqual({});
    expect(result.current.dataTablesParameters).toEqual({ draw: 1, start: 0, length: 10 });
    expect(result.current.exportQuery).toEqual({ search: '', sort: undefined, dir: undefined });
  });

  it('keeps the list in the address: only what differs from the start, under the list’s key', () => {
    const { result, address } = render('/staff/inbox?tab=payments');
    expect(address()).toBe('?tab=payments');
    act(() => result.current.setFilter('year', 2024));
    act(() => result.current.setFilter('unreadOnly', true));
    act(() => result.current.toggleSort('name'));
    act(() => result.current.setPage(3));
    expect(address()).toBe(
      '?tab=payments&payments.year=2024&payments.unreadOnly=true&payments.sort=name&payments.dir=asc&payments.page=3',
    );
    // Back to the starting values: their parameters go.
    act(() => result.current.setFilter('year', undefined));
    act(() => result.current.setFilter('unreadOnly', false));
    act(() => result.current.setPage(1));
    expect(address()).toBe('?tab=payments&payments.sort=name&payments.dir=asc');
  });

  it('writes the search to the address as it is typed, sends it once typing pauses, and clears it with the box', () => {
    const { result, address } = render();
    act(() => result.current.setSearch(' meera '));
    expect(address()).toBe('?payments.q=meera');
    expect(result.current.term).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.term).toBe('meera');
    act(() => result.current.setSearch(''));
    act(() => vi.advanceTimersByTime(300));
    expect(address()).toBe('');
    expect(result.current.term).toBe('');
  });

  it('opens a shared address as it was left: search, sort, filters and page, typed back', () => {
    const { result } = render(
      '/staff/inbox?payments.q=meera&payments.sort=name&payments.dir=desc&payments.status=paid&payments.year=2024&payments.unreadOnly=true&payments.page=2',
    );
    expect(result.current.search).toBe('meera');
    expect(result.current.term).toBe('meera');
    expect(result.current.sort).toEqual({ column: 'name', dir: 'desc' });
    expect(result.current.filters).toEqual({ status: 'paid', year: 2024, unreadOnly: true });
    expect(result.current.page).toBe(2);
    expect(result.current.dataTablesParameters).toEqual({
      draw: 2,
      start: 25,
      length: 25,
      search: { value: 'meera' },
    });
  });

  it('ignores another list’s parameters and a page that is not a page', () => {
    const { result } = render(
      '/staff/inbox?contact.q=raj&contact.page=4&payments.page=-2&payments.dir=up&payments.sort=name',
    );
    expect(result.current.search).toBe('');
    expect(result.current.page).toBe(1);
    // A sort without a valid direction is no sort: the list's own.
    expect(result.current.sort).toEqual({ column: 'received', dir: 'desc' });
  });

  it('refuses a filter named like the list’s own parameters', () => {
    expect(() =>
      renderAt(() => useListState({ key: 'bad', pageSize: 10, filters: { page: undefined } })),
    ).toThrow('A list filter may not be named page');
  });
});
