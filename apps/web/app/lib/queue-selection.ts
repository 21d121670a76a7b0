import type { QueueColumn, QueueQueryBody, STAFF_CLIENT_SORTS } from '@taxfirm/contract';

/**
 * What a queue hands to the tools beside it (issue 36): its filter, order and columns (a saved view keeps them), and its
 * rows selection, the files chosen one by one or every file the filter matches (a bulk action acts on it). The
 * queue (staff-clients) keeps them; the tools (staff-bulk, staff-views) act on them; the page composes them.
 */
export type QueueSelection = {
  taxYear: number | undefined;
  /** The chosen rows' client ids, across pages. */
  chosen: readonly string[];
  /** Every file matching the filter (instead of the chosen ones). */
  allMatching: boolean;
  /** The list's filter as its call takes it, without the page and the order. */
  filter: QueueQueryBody;
  /** The list's order (a saved view keeps it). */
  sort: { column: (typeof STAFF_CLIENT_SORTS)[number]; dir: 'asc' | 'desc' } | undefined;
  /** The columns shown, when not all of them (a saved view keeps them). */
  columns: QueueColumn[] | undefined;
  /** How many files the filter matches now; `matchingMore`: more than that (the list's count stopped). */
  matching: number;
  matchingMore: boolean;
  /** Choose every file matching (true) or only the chosen rows (false). */
  setAllMatching: (all: boolean) => void;
  /** Forget the selection (after a job starts, or on Clear). */
  clear: () => void;
};
