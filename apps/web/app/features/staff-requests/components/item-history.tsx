import { Stack, Text } from '@mantine/core';
import type { RequestItem } from '@taxfirm/contract';
import { formatDateTime } from '../../../lib/dates.ts';
import { STAFF_STATUS_LABELS } from './labels.ts';

/** Every change to the item, with who and when: collapsed under a native disclosure (keyboard usable). */
export function ItemHistory({ item }: { item: RequestItem }) {
  if (item.events.length === 0) return null;
  return (
    <details>
      <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>
        History ({item.events.length})
      </summary>
      <Stack component="ul" gap={2} mt="xs" style={{ paddingLeft: '1.25rem' }}>
        {item.events.map((event, index) => (
          <Text component="li" fz="sm" key={`${event.at}-${index}`}>
            {formatDateTime(event.at)} · {event.by} · {event.action}
            {event.to_status &&
              event.to_status !== event.from_status &&
              ` → ${STAFF_STATUS_LABELS[event.to_status]}`}
            {event.reason && ` (${event.reason})`}
          </Text>
        ))}
      </Stack>
    </details>
  );
}
