import { CALLS, type StaffViewSaveBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One's saved views and the firm's shared ones, each with its count now (issue 36). */
export const savedViewsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff-views'],
    queryFn: () => api(CALLS.staffViewsList, {}),
    // The counts follow the files: read again when the console comes back into view, and each minute.
    refetchInterval: 60_000,
  });

export function useSavedViews() {
  return useQuery(savedViewsQueryOptions());
}

export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffViewSaveBody) => api(CALLS.staffViewsSave, body),
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewsQueryOptions().queryKey }),
  });
}

export function useRemoveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (viewId: string) => api(CALLS.staffViewsRemove, { view_id: viewId }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewsQueryOptions().queryKey }),
  });
}
