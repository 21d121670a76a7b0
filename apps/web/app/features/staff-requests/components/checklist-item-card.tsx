import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  staffRequestsReviewBodySchema,
  staffRequestsItemsNotApplicableBodySchema,
  type RequestItem,
} from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { arrivedProps, useArrivalFocus } from '../../../components/ui/use-arrival-focus.ts';
import { FileTable } from '../../../components/ui/file-table.tsx';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useReviewRequest } from '../api/review-request.ts';
import {
  editChecklistItem,
  markItemNotApplicable,
  removeChecklistItem,
  reopenChecklistItem,
  useChangeChecklist,
} from '../api/change-checklist.ts';
import { ItemHistory } from './item-history.tsx';
import { inputOfItem, ItemForm, type ChecklistDependent } from './item-form.tsx';
import { personOf, STAFF_STATUS_LABELS, type ChecklistTarget } from './labels.ts';

type Mode = 'reject' | 'not_applicable' | 'edit' | null;
const rejectSchema = staffRequestsReviewBodySchema.options[1].pick({ reason: true });
const notApplicableSchema = staffRequestsItemsNotApplicableBodySchema.pick({ reason: true });

/** One item of the checklist: its state, files, history, review and edit actions, and its place in the order. */
export function ItemCard({
  item,
  target,
  editable,
  dependents,
  report,
  clearReport,
  isFirst,
  isLast,
  onMove,
  focused = false,
}: {
  item: RequestItem;
  target: ChecklistTarget;
  editable: boolean;
  dependents: readonly ChecklistDependent[];
  report: (message: string) => void;
  clearReport: () => void;
  isFirst: boolean;
  isLast: boolean;
  onMove: (delta: -1 | 1) => void;
  /** The item a link into the file names (`?focus=`): scrolled into view and focused when it first shows. */
  focused?: boolean;
}) {
  const save = useChangeChecklist();
  const review = useReviewRequest();
  const [mode, setMode] = useState<Mode>(null);
  const { confirm, dialog } = useConfirm();
  const headingId = `item-${item.item_id}`;
  const person = personOf(item);
  const arrival = useArrivalFocus<HTMLElement>(focused);

  const run = async (action: () => Promise<{ status_smessage: string }>) => {
    clearReport();
    const answer = await action();
    setMode(null);
    report(answer.status_smessage);
  };
  const onRemove = async () => {
    const ok = await confirm({
      title: `Remove "${item.title}" from the checklist?`,
      message:
        'The client no longer sees it and is not reminded of it. Files already received stay with the documents.',
      confirmLabel: 'Remove item',
      destructive: true,
    });
    if (ok)
      await run(() =>
        save.mutateAsync(() => removeChecklistItem({ ...target, item_id: item.item_id })),
      ).catch(() => null);
  };

  return (
    <Card
      ref={arrival}
      withBorder
      radius="sm"
      padding="md"
      component="article"
      aria-labelledby={headingId}
      {...arrivedProps(focused)}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={3} id={headingId} fz="md">
            {item.title}
          </Title>
          <Badge
            variant="light"
            color={item.status === 'accepted' ? 'green' : item.status === 'rejected' ? 'red' : 'navy'}
            // Dark text on every light badge: green.9 on light green falls short of 4.5:1 (axe).
            c="dark.7"
          >
            {STAFF_STATUS_LABELS[item.status]}
          </Badge>
        </Group>
        <Text fz="sm" c="gray.8">
          {[item.type_label, person, item.required ? 'Required' : 'Optional'].filter(Boolean).join(' · ')}
        </Text>
        {item.note && <Text fz="sm">Note: {item.note}</Text>}
        {item.reason && (
          <Text fz="sm">
            {item.status === 'rejected' ? 'Rejected, the client sees: ' : 'Reason: '}
            {item.reason}
          </Text>
        )}
        {item.status === 'later' && item.later_date && (
          <Text fz="sm">The client will send it by {formatDate(item.later_date)}.</Text>
        )}
        <ItemFiles item={item} />
        <ItemHistory item={item} />

        {editable && mode === null && (
          <Group gap="xs" wrap="wrap">
            {item.status === 'uploaded' && (
              <Button
                size="compact-sm"
                loading={review.isPending}
                aria-label={`Accept ${item.title}`}
                onClick={() =>
                  void run(() => review.mutateAsync({ decision: 'accept', item_id: item.item_id })).catch(
                    () => null,
                  )
                }
              >
                Accept
              </Button>
            )}
            {(item.status === 'uploaded' || item.status === 'accepted') && (
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`Reject ${item.title}`}
                onClick={() => setMode('reject')}
              >
                Reject
              </Button>
            )}
            {item.status !== 'not_applicable' && item.status !== 'accepted' && (
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`Mark ${item.title} not applicable`}
                onClick={() => setMode('not_applicable')}
              >
                Not applicable
              </Button>
            )}
            {(item.status === 'not_applicable' || item.status === 'accepted' || item.status === 'later') && (
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`Reopen ${item.title}`}
                onClick={() =>
                  void run(() =>
                    save.mutateAsync(() => reopenChecklistItem({ ...target, item_id: item.item_id })),
                  ).catch(() => null)
                }
              >
                Reopen
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="default"
              aria-label={`Edit ${item.title}`}
              onClick={() => setMode('edit')}
            >
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              aria-label={`Remove ${item.title}`}
              onClick={() => void onRemove()}
            >
              Remove
            </Button>
            <Button
              id={`move-up-${item.item_id}`}
              size="compact-sm"
              variant="subtle"
              disabled={isFirst}
              aria-label={`Move ${item.title} up`}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </Button>
            <Button
              id={`move-down-${item.item_id}`}
              size="compact-sm"
              variant="subtle"
              disabled={isLast}
              aria-label={`Move ${item.title} down`}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </Button>
          </Group>
        )}
        {mode === 'reject' && (
          <ReasonForm
            label={`Reject ${item.title}`}
            schema={rejectSchema}
            fieldLabel="Reason the client will see"
            required
            submitLabel="Reject"
            pending={review.isPending}
            error={review.error}
            onCancel={() => setMode(null)}
            onSubmit={({ reason }) =>
              run(() =>
                review.mutateAsync({ decision: 'reject', item_id: item.item_id, reason: reason ?? '' }),
              )
            }
          />
        )}
        {mode === 'not_applicable' && (
          <ReasonForm
            label={`Mark ${item.title} not applicable`}
            schema={notApplicableSchema}
            fieldLabel="Reason (optional)"
            submitLabel="Mark not applicable"
            pending={save.isPending}
            error={save.error}
            onCancel={() => setMode(null)}
            onSubmit={({ reason }) =>
              run(() =>
                save.mutateAsync(() =>
                  markItemNotApplicable({
                    ...target,
                    item_id: item.item_id,
                    ...(reason ? { reason } : {}),
                  }),
                ),
              )
            }
          />
        )}
        {mode === 'edit' && (
          <ItemForm
            label={`Edit ${item.title}`}
            initial={inputOfItem(item, dependents)}
            dependents={dependents}
            submitLabel="Save item"
            pending={save.isPending}
            error={save.error}
            onCancel={() => setMode(null)}
            onSubmit={(input) =>
              run(() =>
                save.mutateAsync(() => editChecklistItem({ ...target, item_id: item.item_id, item: input })),
              )
            }
          />
        )}
        {mode === null && <ApiErrorAlert error={save.error ?? review.error} />}
      </Stack>
      {dialog}
    </Card>
  );
}

function ItemFiles({ item }: { item: RequestItem }) {
  if (item.files.length === 0) {
    return (
      <Text fz="sm" c="gray.8">
        No files yet.
      </Text>
    );
  }
  return (
    <FileTable
      files={item.files}
      scrollLabel={`Files of ${item.title}`}
      withTableBorder
      aria-label={`Files of ${item.title}`}
    />
  );
}
