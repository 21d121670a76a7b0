import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { WORK_KINDS, WORK_KIND_LABELS, type WorkItem, type WorkKind } from '@taxfirm/contract';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { shownCount } from '../../../components/ui/data-table.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { paths, type ClientFileTab } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { daysBetween, firmDayOf, formatDay } from '../../../lib/dates.ts';
import { useStaffMembers } from '../../../lib/staff-members.ts';
import { useSnoozeWork, useWorkCounts, useWorkList } from '../api/work.ts';

/** Where each kind's one action opens the file, and what it is called. */
const ACTIONS: Record<WorkKind, { tab: ClientFileTab; label: string }> = {
  upload_review: { tab: 'checklist', label: 'Review upload' },
  message_unanswered: { tab: 'messages', label: 'Answer' },
  signature_completed: { tab: 'signatures', label: 'See signature' },
  payment_received: { tab: 'billing', label: 'See payment' },
  invoice_past_due: { tab: 'billing', label: 'See invoice' },
  checklist_late: { tab: 'checklist', label: 'See checklist' },
  file_idle: { tab: 'overview', label: 'Open file' },
  file_unassigned: { tab: 'overview', label: 'Assign' },
  deliverable_due: { tab: 'overview', label: 'See deliverables' },
};

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * "3 days ago", or for a due day "due in 5 days", "due today", "2 days overdue", counted in the firm's calendar
 * from `firmToday` (the server's day, from the counts).
 */
export function whenOf(item: Pick<WorkItem, 'at' | 'due_on'>, firmToday: string): string {
  if (item.at) return relative.format(-daysBetween(firmDayOf(item.at), firmToday), 'day');
  if (!item.due_on) return '';
  const days = daysBetween(firmToday, item.due_on);
  if (days === 0) return 'due today';
  if (days > 0) return `due ${relative.format(days, 'day')}`;
  return `${-days} ${-days === 1 ? 'day' : 'days'} overdue`;
}

/**
 * My work (issue 35): the console's home. One list of what needs this staff member, derived from the files,
 * oldest first, with counts per kind; admins switch to anyone's list or the unassigned one; an item can be
 * snoozed to a day with a note.
 */
export function MyWork({ viewer }: { viewer: { userId: string; role: 'admin' | 'analyst' } }) {
  const [params, setParams] = useSearchParams();
  const who = viewer.role === 'admin' ? (params.get('who') ?? 'me') : 'me';
  const kindParam = params.get('kind');
  const kind = WORK_KINDS.find((k) => k === kindParam);
  const snoozed = params.get('snoozed') === '1';
  const counts = useWorkCounts(who);
  const list = useWorkList({ who, kind, snoozed });
  const [snoozing, setSnoozing] = useState<WorkItem | null>(null);
  const success = useSubmitMessage();
  const snooze = useSnoozeWork();

  const choose = (next: { who?: string; kind?: WorkKind | undefined; snoozed?: boolean }) => {
    const merged = { who, kind, snoozed, ...next };
    const search = new URLSearchParams();
    if (merged.who !== 'me') search.set('who', merged.who);
    if (merged.kind) search.set('kind', merged.kind);
    if (merged.snoozed) search.set('snoozed', '1');
    setParams(search, { replace: true });
  };
  const wake = async (item: WorkItem) => {
    success.clear();
    const answer = await snooze.mutateAsync({ key: item.key, until: null }).catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };

  const total = shownCount(counts.data?.total ?? 0, counts.data?.total_more);
  /** The firm's day, as the server counts days (the counts answer it). */
  const today = counts.data?.today;
  const items = list.data?.items ?? [];
  const shown = list.data ? Math.min(list.data.total, list.data.limit) : 0;
  return (
    <Stack gap="md">
      {viewer.role === 'admin' && (
        <WhoSelect who={who} onChange={(next) => choose({ who: next, kind: undefined })} />
      )}
      <ApiErrorAlert error={counts.error ?? list.error ?? snooze.error} />
      <Group component="nav" aria-label="Kinds of work" gap="xs" wrap="wrap">
        <Button
          size="compact-sm"
          variant={!kind && !snoozed ? 'filled' : 'default'}
          aria-pressed={!kind && !snoozed}
          onClick={() => choose({ kind: undefined, snoozed: false })}
        >
          All ({total})
        </Button>
        {(counts.data?.counts ?? []).map((c) => (
          <Button
            key={c.kind}
            size="compact-sm"
            variant={kind === c.kind && !snoozed ? 'filled' : 'default'}
            aria-pressed={kind === c.kind && !snoozed}
            onClick={() => choose({ kind: c.kind, snoozed: false })}
          >
            {WORK_KIND_LABELS[c.kind]} ({shownCount(c.count, c.more)})
          </Button>
        ))}
        <Button
          size="compact-sm"
          variant={snoozed ? 'filled' : 'default'}
          aria-pressed={snoozed}
          onClick={() => choose({ kind: undefined, snoozed: !snoozed })}
        >
          Snoozed ({shownCount(counts.data?.snoozed ?? 0, counts.data?.snoozed_more)})
        </Button>
      </Group>
      <SuccessAlert message={success.message} />
      {list.isPending && <LoadingStatus>Loading your work</LoadingStatus>}
      {list.isSuccess && items.length === 0 && (
        <Text c="gray.8">
          {snoozed
            ? 'Nothing is snoozed.'
            : 'Nothing waits here: no uploads to review, messages to answer or dates coming due.'}
        </Text>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" striped aria-label="My work">
            <Table.Caption id="work-caption" style={{ captionSide: 'top', textAlign: 'left' }}>
              {list.data && list.data.total > shown
                ? `The oldest ${shown} of ${shownCount(list.data.total, list.data.total_more)} items`
                : `${items.length} ${items.length === 1 ? 'item' : 'items'}, oldest first`}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Client</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">When</Table.Th>
                {who !== 'me' && <Table.Th scope="col">Owner</Table.Th>}
                <Table.Th scope="col">Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <WorkRow
                  key={item.key}
                  item={item}
                  today={today}
                  showOwner={who !== 'me'}
                  onSnoozeOrWake={() => {
                    success.clear();
                    if (item.snoozed) void wake(item);
                    else setSnoozing(item);
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {snoozing && today && (
        <SnoozeDialog
          item={snoozing}
          today={today}
          onClose={() => setSnoozing(null)}
          onSnoozed={(message) => {
            setSnoozing(null);
            success.show(message);
          }}
        />
      )}
    </Stack>
  );
}

function WhoSelect({ who, onChange }: { who: string; onChange: (who: string) => void }) {
  const members = useStaffMembers();
  return (
    <NativeSelect
      label="Whose work"
      w={300}
      value={who}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: 'me', label: 'Mine' },
        { value: 'unassigned', label: 'Unassigned (nobody’s)' },
        ...(members.data?.staff ?? []).map((m) => ({ value: m.user_id, label: `${m.name} (${m.role})` })),
      ]}
    />
  );
}

function WorkRow({
  item,
  today,
  showOwner,
  onSnoozeOrWake,
}: {
  item: WorkItem;
  today: string | undefined;
  showOwner: boolean;
  onSnoozeOrWake: () => void;
}) {
  const action = ACTIONS[item.kind];
  const href = paths.staff.client.getHref(item.client_id, action.tab, item.target_id ?? undefined);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fz="sm" fw={600}>
          {item.name}
        </Text>
        <Text fz="xs" c="gray.8">
          {item.file_number ?? 'No file number'} · {item.tax_year}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="xs" fw={700} tt="uppercase" c="gray.8">
          {WORK_KIND_LABELS[item.kind]}
        </Text>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.summary}
        </Text>
        {item.snoozed && (
          <Text fz="xs" c="gray.8">
            Snoozed until {formatDay(item.snoozed.until)}
            {item.snoozed.note ? `: ${item.snoozed.note}` : ''}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{today ? whenOf(item, today) : ''}</Text>
        {item.due_on && (
          <Text fz="xs" c="gray.8">
            {formatDay(item.due_on)}
          </Text>
        )}
      </Table.Td>
      {showOwner && <Table.Td>{item.owner?.name ?? 'Nobody'}</Table.Td>}
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={href}
            size="compact-sm"
            aria-label={`${action.label}: ${item.name}, ${item.summary}`}
          >
            {action.label}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={onSnoozeOrWake}
            aria-label={`${item.snoozed ? 'Wake' : 'Snooze'}: ${item.name}, ${item.summary}`}
          >
            {item.snoozed ? 'Wake' : 'Snooze'}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function SnoozeDialog({
  item,
  today,
  onClose,
  onSnoozed,
}: {
  item: WorkItem;
  /** The firm's day: a snooze ends after it. */
  today: string;
  onClose: () => void;
  onSnoozed: (message: string) => void;
}) {
  const snooze = useSnoozeWork();
  const tomorrow = dayAfter(today);
  const [until, setUntil] = useState(tomorrow);
  const [note, setNote] = useState('');
  const errors = snooze.error instanceof ApiError ? snooze.error.details : {};
  const title = `Snooze: ${item.name}, ${WORK_KIND_LABELS[item.kind].toLowerCase()}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await snooze
      .mutateAsync({ key: item.key, until, ...(note.trim() ? { note: note.trim() } : {}) })
      .catch(() => null);
    if (answer) onSnoozed(answer.status_smessage);
  };
  return (
    <Dialog opened onClose={onClose} title={title}>
      <form onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
        <Stack gap="sm">
          <Text fz="sm">{item.summary}. It comes back to the list on the day you choose.</Text>
          <TextInput
            type="date"
            label="Until"
            min={tomorrow}
            value={until}
            onChange={(event) => setUntil(event.currentTarget.value)}
            error={errors['until']}
            required
          />
          <Textarea
            label="Note (optional)"
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={200}
            autosize
            minRows={2}
            error={errors['note']}
          />
          {snooze.error && Object.keys(errors).length === 0 && <ApiErrorAlert error={snooze.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton pending={snooze.isPending} busyLabel="Snoozing">
              Snooze
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
