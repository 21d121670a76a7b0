import { CALLS } from '@taxfirm/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactDetails } from '../contact-details.ts';

/** The firm's contact details for pages that render in the browser (the portal); public pages get them from the layout loader. */
export function useContactDetails() {
  const query = useQuery({
    queryKey: ['site-settings'],
    queryFn: () => api(CALLS.getSettings, {}),
    staleTime: 5 * 60_000,
  });
  const settings = query.data?.data[0];
  return settings ? contactDetails(settings) : null;
}
