import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  BULK_ACTION_KINDS,
  BULK_ACTION_LABELS,
  BULK_MAX_CHOSEN,
  QUEUE_EXPORT_PATH,
  type BulkAction,
  type BulkActionKind,
  type StaffRole,
} from '@taxfirm/contract';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { downloadPosted, errorMessage } from '../../../lib/api-client.ts';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { countOf } from '../../../components/ui/data-table.tsx';
import type { QueueSelection } from '../../../lib/queue-selection.ts';
import { useCannedReplies } from '../../../lib/canned-replies.ts';
import { useSignatureTemplates } from '../../../lib/signature-templates.ts';
import {
  EMPTY_FILE_ACTION,
  FILE_ACTION_MISSING,
  FileActionFields,
  fileActionOf,
  useInvoiceWords,
} from '../../../components/ui/file-action-fields.tsx';
import { useStaffMembers } from '../../../lib/staff-members.ts';
import { countMatching } from '../api/count-matching.ts';
import { useStartBulk } from '../api/start-bulk.ts';

/** The address parameter that names the bulk job the page follows (a reload shows its progress). */
export const BULK_JOB_PARAM = 'bulk';

const files = (n: number, more = false) => countOf(n, ['file', 'files'], more);

/**
 * What each client receives, said before anything is sent (`text`: the canned message's words, or the
 * invoice's items and total).
 */
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
    case 'signature':
      return `Each taxpayer gets "${text}" to sign in their portal, and one e-mail saying a document is ready. Files where it already waits to be signed, or that you may not work, are skipped and listed.`;
    case 'invoice':
      return `Each of the ${files(n)} gets an invoice for ${text}, sent at once: each client is e-mailed once and sees it in their portal. Files you may not work are skipped and listed.`;
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
  const [draft, setDraft] = useState(EMPTY_FILE_ACTION);
  const canned = useCannedReplies();
  const invoiceWords = useInvoiceWords(draft.priceItemIds);
  const kept = useSignatureTemplates();
  const [problem, setProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  // One request per action on one selection: confirmed again after a lost answer, it is the same job.
  const request = useRef<{ key: string; id: string } | null>(null);

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

  const replyText = canned.data?.replies.find((r) => r.reply_id === draft.replyId)?.body ?? '';

  const exportCsv = async () => {
    setProblem(null);
    setExporting(true);
    try {
      await downloadPosted(
        QUEUE_EXPORT_PATH,
        {
          ...(selection.taxYear ? { taxy: selection.taxYear } : {}),
          selection: selection.allMatching
            ? { filter: selection.filter }
            : { client_ids: [...selection.chosen] },
        },
        'files.csv',
      );
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const review = async () => {
    setProblem(null);
    const chosen = fileActionOf(kind, draft) as BulkAction | null;
    if (!chosen) {
      setProblem(FILE_ACTION_MISSING[kind]);
      return;
    }
    if (!selection.allMatching && selection.chosen.length > BULK_MAX_CHOSEN) {
      setProblem(
        `Select at most ${BULK_MAX_CHOSEN} files one by one, or choose every file matching the filter.`,
      );
      return;
    }
    // The list counts to a thousand: every matching file is counted exactly before it is confirmed.
    let count = selection.allMatching ? selection.matching : selection.chosen.length;
    if (selection.allMatching && selection.matchingMore) {
      try {
        count = await countMatching(selection.taxYear, selection.filter);
      } catch (error) {
        setProblem(errorMessage(error));
        return;
      }
    }
    const ok = await confirm({
      title: `${BULK_ACTION_LABELS[kind]}: ${files(count)}?`,
      message: consequences(
        chosen,
        draft.assignees.map(nameOf),
        count,
        kind === 'invoice'
          ? invoiceWords
          : kind === 'signature'
            ? (kept.data?.templates.find((t) => t.template_id === draft.signatureTemplateId)?.title ?? '')
            : replyText,
      ),
      confirmLabel: `${BULK_ACTION_LABELS[kind]} (${files(count)})`,
    });
    if (!ok) return;
    const selected = selection.allMatching
      ? { filter: selection.filter, expected: count }
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
              ? `Every file matching the filter: ${files(selection.matching, selection.matchingMore)}`
              : `${files(selection.chosen.length)} selected`}
          </Text>
          <Group gap="xs">
            {!selection.allMatching && selection.matching > selection.chosen.length && (
              <Button variant="subtle" size="compact-sm" onClick={() => selection.setAllMatching(true)}>
                Select all {files(selection.matching, selection.matchingMore)} matching the filter
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
        </Group>
        <FileActionFields kind={kind} draft={draft} onChange={setDraft} people={people} />
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
          <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
            Export as CSV
          </Button>
        </Group>
      </Stack>
      {dialog}
    </Paper>
  );
}
