import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A list's sort: one of its sort columns (the contract's `*_SORTS`) and a direction. */
export type Sort<S extends string> = { column: S; dir: 'asc' | 'desc' };

/** A filter's value as the address can hold it: text, a whole number (a tax year) or a yes/no. */
type FilterValue = string | number | boolean | undefined;

/** The parameters of the list's own, `<key>.q` and so on, so that two lists on a page keep theirs apart. */
const RESERVED = ['q', 'sort', 'dir', 'page'];

/**
 * A filter read back from the address. Its type comes from its starting value: a yes/no stays one, a number
 * stays one; a filter that starts empty (`undefined`) reads back whole numbers as numbers (the tax years) and
 * anything else as text.
 */
function readFilter(raw: string, initial: FilterValue): FilterValue {
  if (typeof initial === 'boolean') return raw === 'true';
  if (typeof initial === 'number' || (initial === undefined && /^\d{1,9}$/.test(raw))) {
    return Number(raw);
  }
  return raw;
}

/**
 * A server-paged list's search, sort, page and filters, kept in the page's address under the list's `key`
 * (`?payments.q=meera&payments.page=2&payments.status=paid`), so a reload, the Back button or a shared link
 * opens the same list, and a saved view is an address. Only what differs from the list's starting state is
 * written, replacing the history entry (typing a search does not fill the Back button); the search is written
 * as it is typed and sent once typing pauses. A new search, sort or
 * filter goes back to page 1. Also the list's page as the server takes it (the DataTables shape).
 *
 * S is the list's sort columns (`never` for a list the server does not sort), F its filters.
 */
export function useListState<
  S extends string = never,
  F extends Record<string, FilterValue> = Record<never, never>,
>({
  key,
  pageSize,
  sort: initialSort,
  filters: initialFilters,
}: {
  /** The list's name in the address: unique on its page (`payments`, `audit`). */
  key: string;
  /** Rows per page: the list's page length on the server. */
  pageSize: number;
  /** The sort the list opens with; none for a list the server does not sort. */
  sort?: Sort<S>;
  /** The filters' starting values. */
  filters?: F;
}) {
  const defaults = initialFilters ?? ({} as F);
  const reserved = Object.keys(defaults).filter((name) => RESERVED.includes(name));
  if (reserved.length > 0) throw new Error(`A list filter may not be named ${reserved.join(', ')}`);
  const param = (name: string) => `${key}.${name}`;
  const [params, setParams] = useSearchParams();
  // The address as this list last wrote it, and the router's address it was built on. React Router's functional
  // update reads the parameters of the last render, not of a write still under way, so two writes before the
  // next render (a filter chosen, then a keystroke) would lose the first. Writes build on this instead, until
  // the router renders an address of its own.
  const latest = useRef<{ seen: string | null; next: URLSearchParams }>({
    seen: null,
    next: new URLSearchParams(),
  });
  // The box shows what is typed at once; the address follows each keystroke and the request a pause.
  const [search, setSearchText] = useState(() => params.get(param('q')) ?? '');
  /** The search as sent: the address's, once typing pauses. */
  const [term] = useDebouncedValue(params.get(param('q')) ?? '', 300);

  const column = params.get(param('sort'));
  const dir = params.get(param('dir'));
  const sort: Sort<S> | undefined =
    column && (dir === 'asc' || dir === 'desc') ? { column: column as S, dir } : initialSort;
  const filters = Object.fromEntries(
    Object.entries(defaults).map(([name, initial]) => {
      const raw = params.get(param(name));
      return [name, raw === null ? initial : readFilter(raw, initial)];
    }),
  ) as F;
  const page = Math.max(1, Number.parseInt(params.get(param('page')) ?? '1', 10) || 1);

  /** Writes some of the list's parameters (undefined, '' or the starting value removes one). */
  const write = (values: Record<string, FilterValue>, startingValues: Record<string, FilterValue> = {}) => {
    const rendered = params.toString();
    if (latest.current.seen !== rendered) {
      latest.current = { seen: rendered, next: new URLSearchParams(params) };
    }
    const next = new URLSearchParams(latest.current.next);
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined || value === '' || value === startingValues[name]) next.delete(param(name));
      else next.set(param(name), String(value));
    }
    latest.current.next = next;
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const resetPage = () => write({ page: undefined });

  return {
    pageSize,
    /** What is in the search box. */
    search,
    /** The search as sent: trimmed, and only once typing pauses. */
    term,
    sort,
    filters,
    page,
    setPage: (next: number) => write({ page: next }, { page: 1 }),
    resetPage,
    // The address follows each keystroke at once (the request waits for a pause): a write left for later
    // would be a navigation that could cancel the one a click on a row has started.
    setSearch: (value: string) => {
      setSearchText(value);
      write({ q: value.trim(), page: undefined });
    },
    /** Sort by a column: ascending first, then the other way on each click. */
    toggleSort: (next: S) => {
      const nextDir = sort?.column === next && sort.dir === 'asc' ? 'desc' : 'asc';
      const isStart = initialSort?.column === next && initialSort.dir === nextDir;
      write({ sort: isStart ? undefined : next, dir: isStart ? undefined : nextDir, page: undefined });
    },
    setFilter: <K extends keyof F & string>(name: K, value: F[K]) =>
      write({ [name]: value, page: undefined }, { [name]: defaults[name] }),
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

export type ListState<
  S extends string = never,
  F extends Record<string, FilterValue> = Record<never, never>,
> = ReturnType<typeof useListState<S, F>>;
