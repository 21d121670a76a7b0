import { Button, Group, Stack, Text } from '@mantine/core';
import { ORGANIZER_STATE_LABELS, type Organizer } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { StatusBadge } from '../../../components/ui/list-cells.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useSendOrganizer, useStaffOrganizer } from '../api/organizer.ts';
import { OrganizerEdit } from './organizer-editor.tsx';
import { OrganizerFindings } from './organizer-findings.tsx';
import { PreparerSummary } from './preparer-summary.tsx';

type Props = {
  clientId: string;
  clientName: string;
  taxYear: number;
};

/** Where the client is: not started, in progress (sections done of those that show), or sent on a day. */
export function organizerStateWords(organizer: Organizer): string {
  switch (organizer.state) {
    case 'not_started':
      return ORGANIZER_STATE_LABELS.not_started;
    case 'in_progress':
      return `${ORGANIZER_STATE_LABELS.in_progress}: ${organizer.progress.done} of ${organizer.progress.total} sections done`;
    case 'sent':
      return organizer.sent_at ? `Sent on ${formatDate(organizer.sent_at)}` : ORGANIZER_STATE_LABELS.sent;
  }
}

/**
 * The client file's Organizer tab (issue 37): where the client is with the year's organizer and asking them
 * for it, what the answers mean for the return (FBAR, Form 8938, the Substantial Presence Test, PFIC funds,
 * the foreign tax credit, the rates used, the worksheets and the deliverables to add), and the preparer's
 * one-page summary of every answer, those changed from last year marked; staff change the answers with a
 * reason under it.
 */
export function OrganizerSection({ clientId, clientName, taxYear }: Props) {
  const query = useStaffOrganizer(clientId, taxYear);
  const send = useSendOrganizer();
  const success = useSubmitMessage();
  const data = query.data;

  const onSend = async () => {
    success.clear();
    const answer = await send.mutateAsync({ clientId, taxYear }).catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };

  return (
    <Stack gap="lg">
      <SectionCard headingId="organizer-heading" title={`Organizer, tax year ${taxYear}`} gap="md">
        {query.isPending && <LoadingStatus>Loading the organizer</LoadingStatus>}
        <ApiErrorAlert error={query.error} />
        {data && (
          <>
            <Group gap="sm" wrap="wrap">
              <Text fw={600}>Client&apos;s progress:</Text>
              <StatusBadge>{organizerStateWords(data.organizer)}</StatusBadge>
            </Group>
            <Text fz="sm">
              {data.requested_at
                ? `Last asked on ${formatDateTime(data.requested_at)}. Reminders follow the request schedule.`
                : 'Not asked by staff yet.'}
              {data.organizer.updated_at &&
                ` The client last saved answers on ${formatDateTime(data.organizer.updated_at)}.`}
            </Text>
            <Group gap="sm" align="center" wrap="wrap">
              <Button
                onClick={() => void onSend()}
                loading={send.isPending}
                disabled={data.organizer.state === 'sent'}
              >
                Send organizer
              </Button>
              {data.organizer.state === 'sent' && (
                <Text fz="sm">The client has sent the organizer: there is nothing to ask.</Text>
              )}
            </Group>
            <SuccessAlert message={success.message} />
            <ApiErrorAlert error={send.error} />
          </>
        )}
      </SectionCard>
      {data && (
        <>
          <OrganizerFindings clientId={clientId} taxYear={taxYear} findings={data.findings} />
          <PreparerSummary
            clientName={clientName}
            taxYear={taxYear}
            organizer={data.organizer}
            changed={data.changed}
            stateWords={organizerStateWords(data.organizer)}
          />
          <OrganizerEdit
            key={`${clientId}:${taxYear}`}
            clientId={clientId}
            taxYear={taxYear}
            organizer={data.organizer}
          />
        </>
      )}
    </Stack>
  );
}
