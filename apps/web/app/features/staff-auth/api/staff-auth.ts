import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, createApiClient } from '../../../lib/api-client.ts';

/** Staff calls' own client: a refused staff session goes to the staff login, not the portal's home. */
const staffApi = createApiClient();

/** The signed-in staff member, or an error when there is none (the console's guard). */
export function fetchStaffMe() {
  return staffApi(CALLS.staffMe, {});
}

export function useStaffMe() {
  return useQuery({ queryKey: ['staff-me'], queryFn: fetchStaffMe, retry: false });
}

export function useStaffLogin() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffLogin>) => api(CALLS.staffLogin, body),
  });
}

export function useStaffLoginMfa() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffLoginMfa>) => api(CALLS.staffLoginMfa, body),
  });
}

export function useStaffEnrolStart(token: string) {
  return useQuery({
    queryKey: ['staff-enrol', token],
    queryFn: () => api(CALLS.staffEnrolStart, { mfa_token: token }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useStaffEnrolConfirm() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffEnrolConfirm>) => api(CALLS.staffEnrolConfirm, body),
  });
}

export function staffLogout() {
  return staffApi(CALLS.logout, {});
}
