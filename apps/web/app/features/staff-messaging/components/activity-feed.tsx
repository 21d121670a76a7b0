import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  IconCash,
  IconFileUpload,
  IconMessage,
  IconQuestionMark,
  IconSignature,
  type Icon,
} from '@tabler/icons-react';
import type { ActivityKind } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ClientFileLink } from '../../../components/ui/list-cells.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useActivity } from '../api/get-activity.ts';
import { PlainList } from '../../../components/ui/plain-list.tsx';

const KINDS: Record<ActivityKind, { label: string; icon: Icon }> = {
  message: { label: 'Message', icon: IconMessage },
  upload: { label: 'Upload', icon: IconFileUpload },
  payment: { label: 'Payment', icon: IconCash },
  signature: { label: 'Signature', icon: IconSignature },
  answer: { label: 'Answer', icon: IconQuestionMark },
};

/** The console home's feed: what the clients of this staff member's files did, newest first. */
export function ActivityFeed() {
  const feed = useActivity();
  const entries = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SectionCard headingId="activity-heading" title="Recent activity on your files">
      <Stack gap="sm">
        {feed.isPending && <Loader role="status" aria-label="Loading recent activity" />}
        <ApiErrorAlert error={feed.error} />
        {feed.isSuccess && entries.length === 0 && (
          <Text c="gray.8">Nothing new: your clients have not uploaded, paid, signed or written lately.</Text>
        )}
        {entries.length > 0 && (
          <PlainList as="ol" gap="xs" aria-label="Activity, newest first">
            {entries.map((entry, index) => {
              const kind = KINDS[entry.kind];
              return (
                <Group
                  component="li"
                  key={`${entry.client_id}-${entry.at}-${index}`}
                  gap="sm"
                  wrap="nowrap"
                  align="flex-start"
                >
                  <kind.icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Text span fw={700} fz="xs" tt="uppercase" mr={6}>
                        {kind.label}
                      </Text>
                      <ClientFileLink clientId={entry.client_id}>{entry.name}</ClientFileLink>
                      {entry.file_number && ` (${entry.file_number})`}: {entry.summary}
                    </Text>
                    <Text fz="xs" c="gray.8">
                      {formatDateTime(entry.at)} · tax year {entry.tax_year}
                    </Text>
                  </Stack>
                </Group>
              );
            })}
          </PlainList>
        )}
        {feed.hasNextPage && (
          <div>
            <Button
              variant="default"
              onClick={() => void feed.fetchNextPage()}
              loading={feed.isFetchingNextPage}
            >
              Show more
            </Button>
          </div>
        )}
      </Stack>
    </SectionCard>
  );
}
