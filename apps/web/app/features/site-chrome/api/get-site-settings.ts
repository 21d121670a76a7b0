import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactDetails } from '../contact-details.ts';

/** The site's public settings. */
export function getSiteSettings() {
  return api(CALLS.getSettings, {});
}

export const siteSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['site-settings'], queryFn: getSiteSettings, staleTime: 5 * 60_000 });

/** The firm's contact details for pages that render in the browser (the portal); public pages get them from the layout loader. */
export function useContactDetails() {
  const query = useQuery(siteSettingsQueryOptions());
  const settings = query.data?.data[0];
  return settings ? contactDetails(settings) : null;
}
