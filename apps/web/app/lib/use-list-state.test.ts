import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListState } from './use-list-state.ts';

type SortColumn = 'received' | 'name';
type Filters = { status: string | undefined; year: number | undefined };

const render = () =>
  renderHook(() =>
    useListState<SortColumn, Filters>({
      pageSize: 25,
      sort: { column: 'received', dir: 'desc' },
      filters: { status: undefined, year: undefined },
    }),
  );

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
    expect(result.current.filters).toEqual({ status: undefined, year: undefined });
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
    expect(result.current.filters).toEqual({ status: 'new', year: 2024 });
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(4));
    act(() => result.current.resetPage());
    expect(result.current.page).toBe(1);
  });

  it('leaves a list the server does not sort without a sort', () => {
    const { result } = renderHook(() => useListState({ pageSize: 10 }));
    expect(result.current.sort).toBeUndefined();
    expect(result.current.filters).toEqual({});
    expect(result.current.dataTablesParameters).toEqual({ draw: 1, start: 0, length: 10 });
    expect(result.current.exportQuery).toEqual({ search: '', sort: undefined, dir: undefined });
  });
});
