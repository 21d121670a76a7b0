import type { UseQueryResult } from '@tanstack/react-query';

/**
 * Lists whose download links are signed for a few minutes are renewed when the person comes back to them
 * (points at or focuses the list, or returns to the window), never on a timer: every call counts as
 * activity and keeps the session alive, so a page polling in a forgotten tab would defeat the 20-minute
 * inactivity logout. Answers the handler to put on the list's container.
 */
export function renewWhenOld(
  query: Pick<UseQueryResult, 'data' | 'dataUpdatedAt' | 'isFetching' | 'refetch'>,
  maxAgeMs: number,
) {
  return () => {
    if (query.data !== undefined && !query.isFetching && Date.now() - query.dataUpdatedAt > maxAgeMs) {
      void query.refetch();
    }
  };
}

/** Links live five minutes; renew a minute early. */
export const LINKS_MAX_AGE_MS = 4 * 60_000;
