import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffSettingsQueryOptions } from './get-staff-settings.ts';

/** Replace every setting; the answer is the saved settings. */
export function saveSettings(body: CallBody<typeof CALLS.staffSettingsSave>) {
  return api(CALLS.staffSettingsSave, body);
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (answer) => client.setQueryData(staffSettingsQueryOptions().queryKey, answer),
  });
}
