import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  BULK_ACTION_KINDS,
  BULK_ACTION_LABELS,
  BULK_MAX_CHOSEN,
  FILE_STATUSES,
  type BulkAction,
  type BulkActionKind,
  type FileStatus,
  type StaffRole,
} from '@taxfirm/contract';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { countOf } from '../../../components/ui/data-table.tsx';
import type { QueueSelection } from '../../../lib/queue-selection.ts';
import { useCannedReplies } from '../../../lib/canned-replies.ts';
import { useRequestTemplates } from '../../../lib/request-templates.ts';
import { useStaffMembers } from '../../../lib/staff-members.ts';
import { useStartBulk } from '../api/start-bulk.ts';

/** What a chosen action still lacks, said instead of starting. */
const MISSING: Record<BulkActionKind, string> = {
  assign: 'Choose whom to assign the files to.',
  status: "Choose the new status and write the comment for the files' history.",
  remind: '',
  template: 'Choose a checklist template.',
  message: 'Choose a canned message.',
};

/** The address parameter that names the bulk job the page follows (a reload shows its progress). */
export const BULK_JOB_PARAM = 'bulk';

const files = (n: number) => countOf(n, ['file', 'files']);

/** What each client receives, said before anything is sent (`text`: the canned message's words). */
function consequences(action: BulkAction, names: string[], n: number, text: string): string {
  switch (action.kind) {
    case 'assign':
      return names.length === 1
        ? `${files(n)} will be assigned to ${names[0]}. Clients are not e-mailed.`
        : `${files(n)} will be assigned in turn to ${names.join(', ')} (the first file to ${names[0]}, the next to ${names[1]}, and so on). Clients are not e-mailed.`;
    case 'status':
      return `${files(n)} will move to ${action.status}, with your comment in each file's history. Each client is e-mailed once: the usual e-mail for ${action.status}. Files already in ${action.status}, or that you may not work, are skipped and listed.`;
    case 'remind':
      return `Each client with checklist items, documents to sign or invoices still open is e-mailed one reminder listing them (as "Send reminder" on their file does). Clients with nothing open, or reminded by you in the last 10 minutes, are skipped and listed.`;
    case 'template':
      return `Each of the ${files(n)} gets the template's checklist items it does not have yet (nothing twice), and its client sees them on their checklist; the usual reminders follow. Files that no longer collect documents are skipped and listed.`;
    case 'message':
      return `Each client gets this in their secure messages, and one e-mail saying a message is waiting: "${text}"`;
  }
}

/**
 * A queue's bulk actions (issue 36): the selection (the rows chosen, or every file the filter matches), what to
 * do, a confirmation saying how many files and what each client receives, then a background job the page
 * follows (`BulkProgress`).
 */
export function BulkActions({
  selection,
  viewer,
}: {
  selection: QueueSelection;
  viewer: { user_id: string; role: StaffRole };
}) {
  const members = useStaffMembers();
  const start = useStartBulk();
  const { confirm, dialog } = useConfirm();
  const [, setParams] = useSearchParams();
  const [kind, setKind] = useState<BulkActionKind>('assign');
  const [assignees, setAssignees] = useState<string[]>([]);
  const [status, setStatus] = useState<FileStatus | ''>('');
  const [comment, setComment] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [replyId, setReplyId] = useState('');
  const templates = useRequestTemplates();
  const canned = useCannedReplies();
  const [problem, setProblem] = useState<string | null>(null);
  // One request per action on one selection: confirmed again after a lost answer, it is the same job.
  const request = useRef<{ key: string; id: string } | null>(null);

  const count = selection.allMatching ? selection.matching : selection.chosen.length;
  if (selection.chosen.length === 0 && !selection.allMatching) {
    return (
      <Text fz="sm" c="gray.8">
        Select files with the boxes in the first column to assign them, change their status or remind their
        clients together.
      </Text>
    );
  }
  // An analyst assigns only to themselves (taking files); the server checks each file either way.
  const people = (members.data?.staff ?? []).filter(
    (m) => viewer.role === 'admin' || m.user_id === viewer.user_id,
  );
  const nameOf = (id: string) => people.find((m) => m.user_id === id)?.name ?? 'someone';

  const action = (): BulkAction | null => {
    if (kind === 'assign') {
      if (assignees.length === 0) return null;
      return { kind, analyst_ids: assignees };
    }
    if (kind === 'status') {
      if (!status || !comment.trim()) return null;
      return { kind, status, comment: comment.trim() };
    }
    if (kind === 'template') return templateId ? { kind, template_id: templateId } : null;
    if (kind === 'message') return replyId ? { kind, reply_id: replyId } : null;
    return { kind };
  };
  const replyText = canned.data?.replies.find((r) => r.reply_id === replyId)?.body ?? '';

  const review = async () => {
    setProblem(null);
    const chosen = action();
    if (!chosen) {
      setProblem(MISSING[kind]);
      return;
    }
    if (!selection.allMatching && selection.chosen.length > BULK_MAX_CHOSEN) {
      setProblem(
        `Select at most ${BULK_MAX_CHOSEN} files one by one, or choose every file matching the filter.`,
      );
      return;
    }
    const ok = await confirm({
      title: `${BULK_ACTION_LABELS[kind]}: ${files(count)}?`,
      message: consequences(chosen, assignees.map(nameOf), count, replyText),
      confirmLabel: `${BULK_ACTION_LABELS[kind]} (${files(count)})`,
    });
    if (!ok) return;
    const selected = selection.allMatching
      ? { filter: selection.filter, expected: selection.matching }
      : { client_ids: [...selection.chosen] };
    const key = JSON.stringify([chosen, selected, selection.taxYear]);
    if (request.current?.key !== key) request.current = { key, id: crypto.randomUUID() };
    const answer = await start
      .mutateAsync({
        request_id: request.current.id,
        ...(selection.taxYear ? { taxy: selection.taxYear } : {}),
        action: chosen,
        selection: selected,
      })
      .catch(() => null);
    if (!answer) return;
    request.current = null;
    selection.clear();
    setParams(
      (params) => {
        params.set(BULK_JOB_PARAM, answer.job_id);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="bulk-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text id="bulk-heading" fw={700}>
            {selection.allMatching
              ? `Every file matching the filter: ${files(selection.matching)}`
              : `${files(selection.chosen.length)} selected`}
          </Text>
          <Group gap="xs">
            {!selection.allMatching && selection.matching > selection.chosen.length && (
              <Button variant="subtle" size="compact-sm" onClick={() => selection.setAllMatching(true)}>
                Select all {files(selection.matching)} matching the filter
              </Button>
            )}
            <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
              Clear selection
            </Button>
          </Group>
        </Group>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label="Bulk action"
            w={260}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as BulkActionKind)}
            data={BULK_ACTION_KINDS.map((k) => ({ value: k, label: BULK_ACTION_LABELS[k] }))}
          />
          {kind === 'status' && (
            <>
              <NativeSelect
                label="New status"
                w={240}
                value={status}
                onChange={(event) => setStatus(event.currentTarget.value as FileStatus | '')}
                data={[
                  { value: '', label: 'Choose a status' },
                  ...FILE_STATUSES.map((s) => ({ value: s, label: s })),
                ]}
              />
              <TextInput
                label="Comment for each file's history"
                w={300}
                maxLength={1000}
                value={comment}
                onChange={(event) => setComment(event.currentTarget.value)}
              />
            </>
          )}
          {kind === 'template' && (
            <NativeSelect
              label="Checklist template"
              w={280}
              value={templateId}
              onChange={(event) => setTemplateId(event.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a template' },
                ...(templates.data?.templates ?? []).map((t) => ({ value: t.template_id, label: t.name })),
              ]}
            />
          )}
          {kind === 'message' && (
            <NativeSelect
              label="Canned message"
              w={280}
              value={replyId}
              onChange={(event) => setReplyId(event.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a message' },
                ...(canned.data?.replies ?? []).map((r) => ({ value: r.reply_id, label: r.title })),
              ]}
            />
          )}
        </Group>
        {kind === 'message' && replyText && (
          <Text fz="sm" c="gray.8">
            The message: {replyText}
          </Text>
        )}
        {kind === 'assign' && (
          <Checkbox.Group
            label="Assign to"
            description="Choose one person, or several to share the files in turn."
            value={assignees}
            onChange={setAssignees}
          >
            <Group mt="xs" gap="md">
              {people.map((m) => (
                <Checkbox key={m.user_id} value={m.user_id} label={`${m.name} (${m.role})`} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {problem && (
          <Text c="red.8" fz="sm" role="alert">
            {problem}
          </Text>
        )}
        <ApiErrorAlert error={start.error} />
        <Group>
          <Button onClick={() => void review()} loading={start.isPending}>
            Review and run
          </Button>
        </Group>
      </Stack>
      {dialog}
    </Paper>
  );
}
