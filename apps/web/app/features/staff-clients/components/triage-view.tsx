import { Button, Stack, Text } from '@mantine/core';
import { phoneWithDialCode, type StaffClient } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useAssignAnalyst } from '../api/assign-analyst.ts';

/**
 * An analyst's view of an unassigned file waiting in To Be Assigned (the server answers `access: 'triage'`):
 * who the client is and how to reach them, and "Take this file". The profile, documents, summaries, status
 * and notes open once the file is theirs; taking it reloads the file, which then answers in full.
 */
export function TriageView({
  client,
  filing,
  viewerId,
}: {
  client: StaffClient['client'];
  filing: StaffClient['filing'];
  viewerId: string;
}) {
  const take = useAssignAnalyst();
  return (
    <SectionCard headingId="triage-heading" title="Waiting to be assigned">
      <Stack gap="sm">
        <DetailList
          layout="table"
          label="Client"
          items={[
            { label: 'Name', value: `${client.first_name} ${client.last_name}` },
            { label: 'Email', value: client.email },
            {
              label: 'Phone',
              value: client.phone_ext ? phoneWithDialCode(client.phone, client.phone_ext) : client.phone,
            },
            { label: 'Status', value: filing.status },
            { label: 'Tax year', value: String(filing.tax_year) },
          ]}
        />
        <Text fz="sm">
          Take this file to work on it: its profile, documents, tax summaries, status and notes open to the
          analyst the file is assigned to.
        </Text>
        <ApiErrorAlert error={take.error} />
        <Button
          onClick={() => take.mutate({ client_id: client.client_id, analyst_id: viewerId })}
          loading={take.isPending}
          loaderProps={{ 'aria-label': 'Taking the file' }}
          style={{ alignSelf: 'flex-start' }}
        >
          Take this file
        </Button>
      </Stack>
    </SectionCard>
  );
}
