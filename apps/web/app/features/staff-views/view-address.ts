import type { SavedViewQuery } from '@taxfirm/contract';
import { paths } from '../../config/paths.ts';

/**
 * A saved view is an address (docs/architecture.md): the work queues with the view's filters, order and columns, in the
 * parameters the queue's list keeps its state in (`useListState` with key "queue").
 */
export function viewHref(query: SavedViewQuery): string {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(`queue.${name}`, String(value));
  };
  set('status', query.status);
  set('owner', query.owner);
  set('kind', query.deliverable_kind);
  set('due', query.due);
  set('waiting', query.waiting);
  set('unattended', query.unattended_days);
  set('organizer', query.organizer);
  set('q', query.search);
  set('cols', query.columns?.join(','));
  if (query.sort && !(query.sort.column === 'updated' && query.sort.dir === 'desc')) {
    set('sort', query.sort.column);
    set('dir', query.sort.dir);
  }
  const search = params.toString();
  return `${paths.staff.queues.getHref()}${search ? `?${search}` : ''}`;
}
