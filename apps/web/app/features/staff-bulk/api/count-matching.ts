import { CALLS, type QueueQueryBody } from '@taxfirm/contract';
import { api } from '../../../lib/api-client.ts';

/**
 * How many files a queue's filter matches, counted exactly (the list's count stops at a thousand): what a bulk
 * action on every matching file confirms.
 */
export async function countMatching(taxYear: number | undefined, filter: QueueQueryBody): Promise<number> {
  const answer = await api(CALLS.staffClientCount, { ...filter, ...(taxYear ? { taxy: taxYear } : {}) });
  return answer.count;
}
