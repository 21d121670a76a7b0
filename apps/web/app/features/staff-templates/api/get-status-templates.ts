import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The e-mail each file status sends the client, built-in or edited. */
export function getStatusTemplates() {
  return api(CALLS.statusTemplates, {});
}

export const statusTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['status-templates'], queryFn: getStatusTemplates });

export function useStatusTemplates() {
  return useQuery(statusTemplatesQueryOptions());
}
