import { CALLS, type InboxCareerListBody } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One page of career applications. */
export function getCareerApplications(body: InboxCareerListBody) {
  return api(CALLS.staffCareerList, body);
}

export const careerApplicationsQueryOptions = (body: InboxCareerListBody) =>
  queryOptions({
    queryKey: ['staff-inbox', 'careers', body],
    queryFn: () => getCareerApplications(body),
    placeholderData: keepPreviousData,
  });

export function useCareerApplications(body: InboxCareerListBody) {
  return useQuery(careerApplicationsQueryOptions(body));
}
