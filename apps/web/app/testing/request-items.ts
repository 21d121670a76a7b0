import type { RequestItem } from '@taxfirm/contract';

/**
 * A checklist item as the client's and the staff's checklist tests see it: a required W-2 of the taxpayer, from
 * the profile, still needed, with no files and no history. Each test names its id, position and title and
 * overrides what it is about.
 */
export function requestItemFixture(
  over: Partial<RequestItem> & Pick<RequestItem, 'item_id' | 'title'>,
): RequestItem {
  return {
    position: 0,
    type: 'w2',
    type_label: 'W-2',
    person: 'taxpayer',
    person_name: null,
    dependent_id: null,
    note: null,
    required: true,
    status: 'requested',
    status_label: 'Needed',
    reason: null,
    later_date: null,
    source: 'profile',
    files: [],
    events: [],
    ...over,
  };
}
