import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every site setting (admins only: anyone else is answered 403). */
export function getStaffSettings() {
  return api(CALLS.staffSettingsGet, {});
}

export const staffSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['staff-settings'], queryFn: getStaffSettings, retry: false });

export function useStaffSettings() {
  return useQuery(staffSettingsQueryOptions());
}
