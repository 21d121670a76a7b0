import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { StaffRequests } from '@taxfirm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { invalidateStaffRequests } from '../api/get-staff-requests.ts';
import { useRemindClient } from '../api/remind-client.ts';

export function ProgressSummary({ progress }: { progress: StaffRequests['progress'] }) {
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

export function Reminders({
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
export function MoveOn({
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
