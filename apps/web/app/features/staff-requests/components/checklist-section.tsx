import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDownload, IconExternalLink } from '@tabler/icons-react';
import {
  MESSAGES,
  staffRequestsReviewBodySchema,
  staffRequestsSaveBodySchema,
  staffRequestsTemplatesBodySchema,
  type RequestItem,
  type RequestItemStatus,
  type StaffRequests,
} from '@taxfirm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { FormTextarea } from '../../../components/ui/form-text-field.tsx';
import { IconLink } from '../../../components/ui/icon-link.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { invalidateStaffRequests, useStaffRequests } from '../api/get-staff-requests.ts';
import { useRemindClient } from '../api/remind-client.ts';
import { useChangeRequestTemplates } from '../api/request-templates.ts';
import { useReviewRequest } from '../api/review-request.ts';
import { useSaveRequest } from '../api/save-request.ts';
import { EMPTY_ITEM, inputOfItem, ItemForm, type ChecklistDependent } from './item-form.tsx';

/** How the console words an item's state (the client's portal has its own words). */
export const STAFF_STATUS_LABELS: Record<RequestItemStatus, string> = {
  requested: 'Requested',
  uploaded: 'Received – to review',
  accepted: 'Accepted',
  rejected: 'Rejected – waiting for a new copy',
  not_applicable: 'Not applicable',
  later: 'Client will send later',
};

export type ChecklistSectionProps = {
  clientId: string;
  taxYear: number;
  clientName: string;
  /** The client's dependents when the file page has them; otherwise items name taxpayer or spouse only. */
  dependents?: readonly ChecklistDependent[] | null;
  /**
   * Moves the file to a status through the file page's own status change (history, e-mail); answers the
   * server's message. Without it, the "Documents complete" button is not offered.
   */
  onMoveStatus?: (status: string) => Promise<string>;
};

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

const PERSON_LABELS = { taxpayer: 'Taxpayer', spouse: 'Spouse', dependent: 'Dependent' } as const;
function personOf(item: RequestItem): string | null {
  if (!item.person) return null;
  return item.person === 'dependent' && item.person_name
    ? `Dependent: ${item.person_name}`
    : PERSON_LABELS[item.person];
}

/**
 * The file's checklist of requested documents: progress, reminders ("Remind now"), each item with its files,
 * history and review actions, adding, ordering, templates, and, once every required item is accepted, the
 * one click that moves the file on. Read-only once the file has moved past collecting documents.
 */
export function ChecklistSection({
  clientId,
  taxYear,
  clientName,
  dependents,
  onMoveStatus,
}: ChecklistSectionProps) {
  const list = useStaffRequests(clientId, taxYear);
  const success = useSubmitMessage();
  // After a move: the button to focus once the reordered list has rendered (then forgotten, so that a
  // later refresh never pulls the focus back).
  const focusTarget = useRef<string | null>(null);
  const data = list.data;
  const focusPending = useCallback(() => {
    const target = focusTarget.current ? document.getElementById(focusTarget.current) : null;
    if (!target) return;
    target.focus();
    focusTarget.current = null;
  }, []);
  useEffect(focusPending, [data, focusPending]);
  const focusAfter = useCallback(
    (id: string | null) => {
      focusTarget.current = id;
      if (id) requestAnimationFrame(focusPending);
    },
    [focusPending],
  );

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="checklist-heading"
      onPointerEnter={list.renewIfOld}
      onFocusCapture={list.renewIfOld}
    >
      <Stack gap="md">
        <Title order={2} id="checklist-heading" fz="lg">
          Checklist
          {data && (
            <Text span c="gray.8" fz="sm" fw={400} ml="xs">
              tax year {data.tax_year}
            </Text>
          )}
        </Title>
        {list.isPending && <Loader aria-label="Loading the checklist" />}
        <ApiErrorAlert error={list.error} />
        {data && (
          <ChecklistBody
            data={data}
            clientId={clientId}
            taxYear={taxYear}
            clientName={clientName}
            dependents={dependents ?? []}
            onMoveStatus={onMoveStatus}
            report={(message) => success.show(message)}
            clearReport={success.clear}
            focusAfter={focusAfter}
          />
        )}
        <SuccessAlert message={success.message} />
      </Stack>
    </Card>
  );
}

type BodyProps = {
  data: StaffRequests;
  clientId: string;
  taxYear: number;
  clientName: string;
  dependents: readonly ChecklistDependent[];
  onMoveStatus: ChecklistSectionProps['onMoveStatus'];
  report: (message: string) => void;
  clearReport: () => void;
  focusAfter: (id: string | null) => void;
};

function ChecklistBody({
  data,
  clientId,
  taxYear,
  clientName,
  dependents,
  onMoveStatus,
  report,
  clearReport,
  focusAfter,
}: BodyProps) {
  const save = useSaveRequest();
  const { progress, items, editable } = data;
  const target = { client_id: clientId, taxy: taxYear };

  const move = async (index: number, delta: -1 | 1) => {
    // One move at a time; the buttons stay enabled (and focused) while it is saved.
    if (save.isPending) return;
    const ids = items.map((i) => i.item_id);
    const to = index + delta;
    const moved = ids[index];
    const other = ids[to];
    if (moved === undefined || other === undefined) return;
    ids[index] = other;
    ids[to] = moved;
    clearReport();
    focusAfter(null);
    const answer = await save.mutateAsync({ action: 'reorder', ...target, item_ids: ids }).catch(() => null);
    if (!answer) return;
    report(answer.status_smessage);
    // Keep the keyboard where it was: on the moved item's button, or its other one at either end.
    const direction = to === 0 ? 'down' : to === ids.length - 1 ? 'up' : delta < 0 ? 'up' : 'down';
    focusAfter(`move-${direction}-${moved}`);
  };

  return (
    <Stack gap="md">
      <ProgressSummary progress={progress} />
      <Reminders
        data={data}
        clientId={clientId}
        taxYear={taxYear}
        clientName={clientName}
        editable={editable}
        report={report}
        clearReport={clearReport}
      />
      {progress.complete && data.next_status && onMoveStatus && (
        <MoveOn
          nextStatus={data.next_status}
          onMoveStatus={onMoveStatus}
          report={report}
          clearReport={clearReport}
        />
      )}
      {!editable && (
        <Text fz="sm" c="gray.8">
          This file has moved past collecting documents: the checklist is read-only.
        </Text>
      )}
      {items.length === 0 ? (
        <Text fz="sm">No items on this checklist yet.</Text>
      ) : (
        <Stack
          component="ol"
          gap="sm"
          aria-label="Checklist items"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item, index) => (
            <li key={item.item_id}>
              <ItemCard
                item={item}
                target={target}
                editable={editable}
                dependents={dependents}
                report={report}
                clearReport={clearReport}
                isFirst={index === 0}
                isLast={index === items.length - 1}
                onMove={(delta) => void move(index, delta)}
              />
            </li>
          ))}
        </Stack>
      )}
      <ApiErrorAlert error={save.error} />
      {editable && (
        <AddItem target={target} dependents={dependents} report={report} clearReport={clearReport} />
      )}
      <TemplateTools
        data={data}
        target={target}
        editable={editable}
        report={report}
        clearReport={clearReport}
      />
    </Stack>
  );
}

function ProgressSummary({ progress }: { progress: StaffRequests['progress'] }) {
  const text = `${progress.accepted} of ${progress.required} accepted`;
  const percent = progress.required > 0 ? Math.round((progress.accepted / progress.required) * 100) : 0;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} id="checklist-progress-text">
          {text}
        </Text>
        {progress.complete && (
          <Badge color="green" variant="light" c="green.9">
            Documents complete
          </Badge>
        )}
        <Text span fz="sm" c="gray.8">
          {progress.open} waiting on the client · {progress.to_review} to review
        </Text>
      </Group>
      <Progress.Root size="md">
        <Progress.Section
          value={percent}
          color="green"
          aria-label="Checklist progress"
          aria-describedby="checklist-progress-text"
        />
      </Progress.Root>
    </Stack>
  );
}

function Reminders({
  data,
  clientId,
  taxYear,
  clientName,
  editable,
  report,
  clearReport,
}: {
  data: StaffRequests;
  clientId: string;
  taxYear: number;
  clientName: string;
  editable: boolean;
  report: (message: string) => void;
  clearReport: () => void;
}) {
  const remind = useRemindClient();
  const { confirm, dialog } = useConfirm();
  const onRemind = async () => {
    const ok = await confirm({
      title: `Remind ${clientName} now?`,
      message: `${clientName} is e-mailed the list of the ${data.progress.open} open items (titles only) with a link to the checklist. The reminder is logged and the client sees it.`,
      confirmLabel: 'Send reminder',
    });
    if (!ok) return;
    clearReport();
    const answer = await remind.mutateAsync({ clientId, taxYear }).catch(() => null);
    if (answer) report(answer.status_smessage);
  };
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <Text fz="sm">{data.reminder_summary}</Text>
        {editable && (
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => void onRemind()}
            loading={remind.isPending}
            loaderProps={{ 'aria-label': 'Sending the reminder' }}
          >
            Remind now
          </Button>
        )}
      </Group>
      {data.reminders.length > 0 && (
        <Text fz="xs" c="gray.8">
          Reminded on{' '}
          {data.reminders.map((r) => `${formatDate(r.sent_at)}${r.manual ? ' (by hand)' : ''}`).join(', ')}
        </Text>
      )}
      <ApiErrorAlert error={remind.error} />
      {dialog}
    </Stack>
  );
}

/** Every required item accepted: one click moves the file on, through the usual status change and e-mail. */
function MoveOn({
  nextStatus,
  onMoveStatus,
  report,
  clearReport,
}: {
  nextStatus: string;
  onMoveStatus: (status: string) => Promise<string>;
  report: (message: string) => void;
  clearReport: () => void;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const onClick = async () => {
    clearReport();
    setError(null);
    setPending(true);
    try {
      const message = await onMoveStatus(nextStatus);
      // The file has moved on: the checklist may now be read-only and next_status another one.
      await invalidateStaffRequests(queryClient);
      report(message);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        color="green"
        onClick={() => void onClick()}
        loading={pending}
        loaderProps={{ 'aria-label': 'Moving the file' }}
      >
        Documents complete — move to {nextStatus}
      </Button>
      <Text fz="xs" c="gray.8">
        The client is e-mailed the new status, as with any status change.
      </Text>
      <ApiErrorAlert error={error} />
    </Stack>
  );
}

type Target = { client_id: string; taxy: number };
type Mode = 'reject' | 'not_applicable' | 'edit' | null;

/** A template's name, as the templates call checks it. */
const templateNameSchema = staffRequestsTemplatesBodySchema.options[2].shape.name;
const rejectSchema = staffRequestsReviewBodySchema.options[1].pick({ reason: true });
const notApplicableSchema = staffRequestsSaveBodySchema.options[3].pick({ reason: true });

function ItemCard({
  item,
  target,
  editable,
  dependents,
  report,
  clearReport,
  isFirst,
  isLast,
  onMove,
}: {
  item: RequestItem;
  target: Target;
  editable: boolean;
  dependents: readonly ChecklistDependent[];
  report: (message: string) => void;
  clearReport: () => void;
  isFirst: boolean;
  isLast: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const save = useSaveRequest();
  const review = useReviewRequest();
  const [mode, setMode] = useState<Mode>(null);
  const { confirm, dialog } = useConfirm();
  const headingId = `item-${item.item_id}`;
  const person = personOf(item);

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
      await run(() => save.mutateAsync({ action: 'remove', ...target, item_id: item.item_id })).catch(
        () => null,
      );
  };

  return (
    <Card withBorder radius="sm" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={3} id={headingId} fz="md">
            {item.title}
          </Title>
          <Badge
            variant="light"
            color={item.status === 'accepted' ? 'green' : item.status === 'rejected' ? 'red' : 'navy'}
            c={item.status === 'accepted' ? 'green.9' : item.status === 'rejected' ? 'red.9' : 'navy.9'}
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
                    save.mutateAsync({ action: 'reopen', ...target, item_id: item.item_id }),
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
                save.mutateAsync({
                  action: 'not_applicable',
                  ...target,
                  item_id: item.item_id,
                  ...(reason ? { reason } : {}),
                }),
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
              run(() => save.mutateAsync({ action: 'edit', ...target, item_id: item.item_id, item: input }))
            }
          />
        )}
        {mode === null && <ApiErrorAlert error={save.error ?? review.error} />}
      </Stack>
      {dialog}
    </Card>
  );
}

/** A short form with one reason: required (a rejection the client reads) or optional. */
function ReasonForm({
  label,
  schema,
  fieldLabel,
  required,
  submitLabel,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  label: string;
  schema: z.ZodType<{ reason?: string | undefined }, { reason?: string | null | undefined }>;
  fieldLabel: string;
  required?: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (values: { reason?: string | undefined }) => Promise<unknown>;
}) {
  const form = useContractForm(schema, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (caught) {
      setServerFieldErrors(form, caught);
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <Stack gap="xs">
        <FormTextarea
          form={form}
          name="reason"
          label={fieldLabel}
          withAsterisk={required}
          minRows={2}
          data-autofocus
        />
        <ApiErrorAlert error={alertError(error)} />
        <Group gap="xs">
          <Button type="submit" size="compact-md" loading={pending} loaderProps={{ 'aria-label': 'Saving' }}>
            {submitLabel}
          </Button>
          <Button variant="default" size="compact-md" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
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
    <SimpleTable
      columns={['File', 'Size', 'Received', 'Actions']}
      minWidth={520}
      scrollLabel={`Files of ${item.title}`}
      withTableBorder
      aria-label={`Files of ${item.title}`}
    >
      {item.files.map((file) => (
        <Table.Tr key={file.document_id}>
          <Table.Td style={{ wordBreak: 'break-all' }}>
            {file.name}
            {file.locked && (
              <Badge ml="xs" size="sm" variant="light" color="orange" c="orange.9">
                Password-protected
              </Badge>
            )}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSize(file.size)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.uploaded_at)}</Table.Td>
          <Table.Td>
            <Group gap="md" wrap="nowrap">
              {file.preview_url ? (
                <IconLink
                  icon={IconExternalLink}
                  href={file.preview_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  fz="sm"
                  aria-label={`Preview ${file.name} (opens in a new tab)`}
                >
                  Preview
                </IconLink>
              ) : (
                <Text span fz="sm" c="gray.8">
                  No preview
                </Text>
              )}
              <IconLink
                icon={IconDownload}
                href={file.download_url}
                fz="sm"
                aria-label={`Download ${file.name}`}
              >
                Download
              </IconLink>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </SimpleTable>
  );
}

/** Every change to the item, with who and when: collapsed under a native disclosure (keyboard usable). */
function ItemHistory({ item }: { item: RequestItem }) {
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

function AddItem({
  target,
  dependents,
  report,
  clearReport,
}: {
  target: Target;
  dependents: readonly ChecklistDependent[];
  report: (message: string) => void;
  clearReport: () => void;
}) {
  const save = useSaveRequest();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Add item
      </Title>
      <ItemForm
        label="Add item"
        initial={EMPTY_ITEM}
        dependents={dependents}
        submitLabel="Add item"
        pending={save.isPending}
        error={save.error}
        onSubmit={async (item) => {
          clearReport();
          report((await save.mutateAsync({ action: 'add', ...target, item })).status_smessage);
        }}
      />
    </Stack>
  );
}

/** Apply one of the firm's templates to this file, or keep this file's checklist as a new template. */
function TemplateTools({
  data,
  target,
  editable,
  report,
  clearReport,
}: {
  data: StaffRequests;
  target: Target;
  editable: boolean;
  report: (message: string) => void;
  clearReport: () => void;
}) {
  const save = useSaveRequest();
  const templates = useChangeRequestTemplates();
  const [templateId, setTemplateId] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const onApply = async () => {
    if (!templateId) return;
    clearReport();
    const answer = await save
      .mutateAsync({ action: 'apply_template', ...target, template_id: templateId })
      .catch(() => null);
    if (answer) report(answer.status_smessage);
  };
  const onSaveAs = async () => {
    const checked = templateNameSchema.safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? MESSAGES.INVALID_REQUEST);
      return;
    }
    setNameError(null);
    clearReport();
    const answer = await templates
      .mutateAsync({ action: 'save_from_file', name: checked.data, ...target })
      .catch(() => null);
    if (answer) {
      setName('');
      report(answer.status_smessage);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Templates
      </Title>
      <Group align="flex-end" gap="xs" wrap="wrap">
        {editable && (
          <>
            <NativeSelect
              label="Template"
              value={templateId}
              onChange={(event) => setTemplateId(event.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a template' },
                ...data.templates.map((t) => ({
                  value: t.template_id,
                  label: `${t.name} (${t.items} ${t.items === 1 ? 'item' : 'items'})`,
                })),
              ]}
            />
            <Button
              variant="default"
              onClick={() => void onApply()}
              disabled={!templateId}
              loading={save.isPending}
            >
              Apply template
            </Button>
          </>
        )}
        <TextInput
          label="New template name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
        />
        <Button variant="default" onClick={() => void onSaveAs()} loading={templates.isPending}>
          Save as template
        </Button>
      </Group>
      <ApiErrorAlert error={save.error ?? templates.error} />
    </Stack>
  );
}
