import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Each section's query; a save refetches its own section so the view shows what was stored. */
export const profileKeys = {
  taxpayer: ['profile', 'taxpayer'],
  spouse: ['profile', 'spouse'],
  dependents: ['profile', 'dependents'],
  employers: ['profile', 'employers'],
} as const;

export function useTaxpayer() {
  return useQuery({ queryKey: profileKeys.taxpayer, queryFn: () => api(CALLS.taxpayerInfo, {}) });
}
export function useSpouse() {
  return useQuery({ queryKey: profileKeys.spouse, queryFn: () => api(CALLS.spouseInfo, {}) });
}
export function useDependents() {
  return useQuery({ queryKey: profileKeys.dependents, queryFn: () => api(CALLS.dependentInfo, {}) });
}
export function useEmployers() {
  return useQuery({ queryKey: profileKeys.employers, queryFn: () => api(CALLS.employerInfo, {}) });
}

function useSave<Body>(save: (body: Body) => Promise<{ status_smessage: string }>, key: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    // The lock may have closed meanwhile (a refusal says so): the taxpayer answer carries it, so it is
    // refetched too, after a save and after a refusal alike.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: key }),
        client.invalidateQueries({ queryKey: profileKeys.taxpayer }),
      ]),
  });
}

export function useSaveTaxpayer() {
  return useSave(
    (body: CallBody<typeof CALLS.saveTaxpayer>) => api(CALLS.saveTaxpayer, body),
    profileKeys.taxpayer,
  );
}
export function useSaveSpouse() {
  return useSave(
    (body: CallBody<typeof CALLS.saveSpouse>) => api(CALLS.saveSpouse, body),
    profileKeys.spouse,
  );
}
export function useSaveDependents() {
  return useSave(
    (body: CallBody<typeof CALLS.saveDependents>) => api(CALLS.saveDependents, body),
    profileKeys.dependents,
  );
}
export function useSaveEmployers() {
  return useSave(
    (body: CallBody<typeof CALLS.saveEmployer>) => api(CALLS.saveEmployer, body),
    profileKeys.employers,
  );
}

/** Show one stored number in full (the server writes each reveal to the audit log). */
export function useRevealSsn() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.revealSsn>) => api(CALLS.revealSsn, body),
  });
}
