import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const SETTINGS_KEY = ['staff-settings'] as const;

/** Every site setting (admins only: anyone else is answered 403). */
export function useStaffSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api(CALLS.staffSettingsGet, {}),
    retry: false,
  });
}

/** Replace every setting; the answer is the saved settings. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffSettingsSave>) => api(CALLS.staffSettingsSave, body),
    onSuccess: (answer) => client.setQueryData(SETTINGS_KEY, answer),
  });
}
