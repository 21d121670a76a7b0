import { Button, NativeSelect, Text } from '@mantine/core';
import type { StaffClient } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { staffOptions, useStaffMembers } from '../../../lib/staff-members.ts';
import { useAssignAnalyst } from '../api/assign-analyst.ts';
import type { Viewer } from './client-file-slot.ts';

/** Who works the file: an admin assigns anyone, an analyst takes it. */
export function AnalystForm({
  clientId,
  filing,
  viewer,
}: {
  clientId: string;
  filing: StaffClient['filing'];
  viewer: Viewer;
}) {
  const assign = useAssignAnalyst();
  const members = useStaffMembers();
  const [choice, setChoice] = useState(filing.assigned_to?.user_id ?? '');
  const success = useSubmitMessage();
  const submit = async (analystId: string | null) => {
    success.clear();
    const answer = await assign.mutateAsync({ client_id: clientId, analyst_id: analystId }).catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };
  return (
    <SectionCard headingId="analyst-heading" title="Analyst" gap="sm">
      {viewer.role === 'admin' ? (
        <>
          <NativeSelect
            label="Assigned analyst"
            value={choice}
            onChange={(event) => setChoice(event.currentTarget.value)}
            data={staffOptions(members.data, 'Not assigned')}
          />
          <Button onClick={() => void submit(choice || null)} loading={assign.isPending}>
            Assign
          </Button>
        </>
      ) : filing.assigned_to?.user_id === viewer.userId ? (
        <Text>This file is assigned to you.</Text>
      ) : (
        <Button onClick={() => void submit(viewer.userId)} loading={assign.isPending}>
          Take this file
        </Button>
      )}
      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={assign.error} />
    </SectionCard>
  );
}
