import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type AccountRequests } from '@taxfirm/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { LINKS_MAX_AGE_MS, renewWhenOld } from '../../../lib/short-lived-links.ts';
import { useRequests } from '../api/requests.ts';
import { checklistHeadline, shortDay } from './checklist-headline.ts';
import { RequestItemCard } from './request-item-card.tsx';
import { PlainList } from '../../../components/ui/plain-list.tsx';

/** /user/checklist: what the firm still needs for the year, item by item, with what came in and the reminders. */
export function ChecklistPage({
  taxYear,
  top,
  openItemIds = [],
}: {
  taxYear?: number;
  top?: ReactNode;
  /** Items the client may still work once the list is read-only (a document to sign on paper). */
  openItemIds?: readonly string[];
}) {
  const requests = useRequests(taxYear);
  const renew = renewWhenOld(requests, LINKS_MAX_AGE_MS);
  // A link to one item (`#item-<id>`) scrolls to it and puts the focus on it once it is in the list (a list
  // read earlier may not have it yet: it is looked for again with every answer, until found once).
  const { hash } = useLocation();
  const { dataUpdatedAt } = requests;
  const reached = useRef<string | null>(null);
  useEffect(() => {
    if (!hash.startsWith('#item-') || reached.current === hash || dataUpdatedAt === 0) return;
    const item = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!item) return;
    reached.current = hash;
    item.scrollIntoView?.({ block: 'start' });
    item.focus({ preventScroll: true });
  }, [dataUpdatedAt, hash]);

  if (requests.error && !requests.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Checklist" />
        <ApiErrorAlert error={requests.error} />
      </Stack>
    );
  }
  if (!requests.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Checklist" />
        <Loader role="status" aria-label="Loading your checklist" />
      </Stack>
    );
  }
  return (
    <div onPointerEnter={renew} onFocusCapture={renew}>
      <ChecklistView data={requests.data} top={top} openItemIds={openItemIds} />
    </div>
  );
}

/** The checklist as the server gave it (rendered by the page, and by tests with fixed data). */
export function ChecklistView({
  data,
  top,
  openItemIds = [],
}: {
  data: AccountRequests;
  top?: ReactNode;
  openItemIds?: readonly string[];
}) {
  const { progress } = data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={checklistHeadline(progress, data.tax_year)}
        description={
          progress.required > 0
            ? `${progress.accepted} of ${progress.required} accepted. Photos (jpeg, png, heic), pdf and Word files up to 25 MB each.`
            : undefined
        }
      />
      {top}
      {!data.editable && (
        <Alert color="blue" role="status">
          {MESSAGES.REQUEST_LOCKED}
        </Alert>
      )}
      {data.items.length > 0 ? (
        <PlainList gap="md" aria-label="Checklist items">
          {data.items.map((item) => (
            <RequestItemCard
              key={item.item_id}
              item={item}
              editable={data.editable || openItemIds.includes(item.item_id)}
            />
          ))}
        </PlainList>
      ) : (
        <Text>We have not asked for any documents for {data.tax_year} yet.</Text>
      )}

      <ReceivedSection received={data.received} />
      <RemindersSection reminders={data.reminders} />
    </Stack>
  );
}

function ReceivedSection({ received }: { received: AccountRequests['received'] }) {
  const groups = received.filter((group) => group.files.length > 0);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="also-received">
      <Title order={2} fz="lg" id="also-received" mb="xs">
        Also received
      </Title>
      <Text fz="sm" c="gray.8" mb="xs">
        Files you sent through Document Upload.
      </Text>
      <Stack gap="sm">
        {groups.map((group) => (
          <div key={group.category}>
            <Title order={3} fz="md">
              {group.label}
            </Title>
            <ul>
              {group.files.map((file) => (
                <li key={file.document_id}>
                  <Anchor href={file.download_url} underline="always">
                    Download {file.name}
                  </Anchor>{' '}
                  <Text span fz="sm" c="gray.8">
                    received {formatDate(file.uploaded_at)}
                  </Text>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Stack>
    </section>
  );
}

function RemindersSection({ reminders }: { reminders: AccountRequests['reminders'] }) {
  if (reminders.length === 0) return null;
  const days = [...reminders]
    .sort((a, b) => a.sent_at.localeCompare(b.sent_at))
    .map((r) => shortDay(r.sent_at));
  return (
    <section aria-labelledby="reminders">
      <Title order={2} fz="lg" id="reminders" mb="xs">
        Reminders
      </Title>
      <Text>We asked on {days.join(', ')}.</Text>
    </section>
  );
}
