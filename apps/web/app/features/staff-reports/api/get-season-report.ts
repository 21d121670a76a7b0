import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The season report of a tax year (admins, issue 36). */
export const seasonReportQueryOptions = (taxYear?: number) =>
  queryOptions({
    queryKey: ['staff-season-report', taxYear ?? null],
    queryFn: taxYear === undefined ? skipToken : () => api(CALLS.staffSeasonReport, { taxy: taxYear }),
  });

export function useSeasonReport(taxYear: number | undefined) {
  return useQuery({ ...seasonReportQueryOptions(taxYear), enabled: taxYear !== undefined });
}
