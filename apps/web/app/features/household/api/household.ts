import {
  CALLS,
  type HouseholdInviteBody,
  type HouseholdMemberBody,
  type HouseholdRightsBody,
} from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The file's holder, its members, and what the session itself may do (issue 38). */
export function getHousehold() {
  return api(CALLS.householdList, {});
}

export const householdQueryOptions = () => queryOptions({ queryKey: ['household'], queryFn: getHousehold });

export function useHousehold() {
  return useQuery(householdQueryOptions());
}

/** Whoever is signed in, within the household: null while unknown (the holder's rights are assumed then). */
export function useHouseholdMe() {
  return useHousehold().data?.me ?? null;
}

function useHouseholdMutation<Body, Answer>(call: (body: Body) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: householdQueryOptions().queryKey }),
  });
}

export const inviteMember = (body: HouseholdInviteBody) => api(CALLS.householdInvite, body);
export const removeMember = (body: HouseholdMemberBody) => api(CALLS.householdRemove, body);
export const setMemberRights = (body: HouseholdRightsBody) => api(CALLS.householdRights, body);

export const useInviteMember = () => useHouseholdMutation(inviteMember);
export const useRemoveMember = () => useHouseholdMutation(removeMember);
export const useSetMemberRights = () => useHouseholdMutation(setMemberRights);
