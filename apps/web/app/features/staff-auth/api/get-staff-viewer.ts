import { CALLS } from '@taxfirm/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { staffApi } from '../staff-api.ts';

/** The signed-in staff member, or an error when there is none (the console's guard). */
export function getStaffViewer() {
  return staffApi(CALLS.staffMe, {});
}

/**
 * The console's layout loader asks the server on each of its runs (fetchQuery with staleTime 0), as its
 * guard; the pages only read that answer, so it never goes stale on its own.
 */
export const staffViewerQueryOptions = () =>
  queryOptions({ queryKey: ['staff-viewer'], queryFn: getStaffViewer, staleTime: Infinity, retry: false });

/** The signed-in staff member (`.data`), inside the console only: its layout's loader has read it. */
export function useStaffViewer() {
  return useSuspenseQuery({ ...staffViewerQueryOptions(), select: (answer) => answer.staff });
}
