import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearSession, saveLogin } from '../../../lib/session.ts';

export function useLogin() {
  return useMutation({
    mutationFn: async (body: CallBody<typeof CALLS.login>) => {
      const answer = await api(CALLS.login, body);
      if (answer.uinfo) saveLogin(answer.uinfo);
      return answer;
    },
  });
}

export function useMfaLogin() {
  return useMutation({
    mutationFn: async (body: CallBody<typeof CALLS.mfaLogin>) => {
      const answer = await api(CALLS.mfaLogin, body);
      if (answer.uinfo) saveLogin(answer.uinfo);
      return answer;
    },
  });
}

export function useMfaStatus() {
  return useQuery({ queryKey: ['mfa-status'], queryFn: () => api(CALLS.mfaStatus, {}) });
}

export function useMfaSetup() {
  return useMutation({ mutationFn: () => api(CALLS.mfaSetup, {}) });
}

export function useMfaEnable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.mfaEnable>) => api(CALLS.mfaEnable, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mfa-status'] }),
  });
}

export function useMfaDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.mfaDisable>) => api(CALLS.mfaDisable, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mfa-status'] }),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: CallBody<typeof CALLS.register>) => api(CALLS.register, body) });
}

export function useForgot() {
  return useMutation({ mutationFn: (body: CallBody<typeof CALLS.forgot>) => api(CALLS.forgot, body) });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.resendVerification>) => api(CALLS.resendVerification, body),
  });
}

export function useVerifyAccount() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.registerVerify>) => api(CALLS.registerVerify, body),
  });
}

export function useForgotChecker() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.forgotChecker>) => api(CALLS.forgotChecker, body),
  });
}

export function useCheckResetLink() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.checkResetLink>) => api(CALLS.checkResetLink, body),
  });
}

export function useUpdatePasswordLink() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.updatePasswordLink>) => api(CALLS.updatePasswordLink, body),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.changePassword>) => api(CALLS.changePassword, body),
  });
}

/** End the session on the server, then forget it here, whatever the server answered. */
export async function logout(): Promise<void> {
  try {
    await api(CALLS.logout, {});
  } finally {
    clearSession();
  }
}
