import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** A list's sort: one of its sort columns (the contract's `*_SORTS`) and a direction. */
export type Sort<S extends string> = { column: S; dir: 'asc' | 'desc' };

/**
 * A server-paged list's search, sort, page and filters, kept in component state (they start afresh each
 * time the list opens), and its page as the server takes it (the DataTables shape). A new search, sort or
 * filter goes back to page 1.
 *
 * S is the list's sort columns (`never` for a list the server does not sort), F its filters.
 */
export function useListState<S extends string = never, F extends object = Record<never, never>>({
  pageSize,
  sort: initialSort,
  filters: initialFilters,
}: {
  /** Rows per page: the list's page length on the server. */
  pageSize: number;
  /** The sort the list opens with; none for a list the server does not sort. */
  sort?: Sort<S>;
  /** The filters' starting values. */
  filters?: F;
}) {
  const [search, setSearchText] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<Sort<S> | undefined>(initialSort);
  const [filters, setFilters] = useState<F>(() => initialFilters ?? ({} as F));
  const [page, setPage] = useState(1);
  const resetPage = () => setPage(1);
  return {
    pageSize,
    /** What is in the search box. */
    search,
    /** The search as sent: trimmed, and only once typing pauses. */
    term,
    sort,
    filters,
    page,
    setPage,
    resetPage,
    setSearch: (value: string) => {
      setSearchText(value);
      resetPage();
    },
    /** Sort by a column: ascending first, then the other way on each click. */
    toggleSort: (column: S) => {
      setSort((now) => ({ column, dir: now?.column === column && now.dir === 'asc' ? 'desc' : 'asc' }));
      resetPage();
    },
    setFilter: <K extends keyof F>(key: K, value: F[K]) => {
      setFilters((now) => ({ ...now, [key]: value }));
      resetPage();
    },
    dataTablesParameters: {
      draw: page,
      start: (page - 1) * pageSize,
      length: pageSize,
      ...(term ? { search: { value: term } } : {}),
    },
    /** The search and sort of a CSV export, as its query string takes them. */
    exportQuery: { search: term, sort: sort?.column, dir: sort?.dir },
  };
}

export type ListState<S extends string = never, F extends object = Record<never, never>> = ReturnType<
  typeof useListState<S, F>
>;
