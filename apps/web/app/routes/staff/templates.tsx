import { Stack } from '@mantine/core';
import { ConsolePage } from '../../components/ui/page-header.tsx';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { CannedReplies } from '../../features/staff-messaging/components/canned-replies.tsx';
import { ChecklistTemplates } from '../../features/staff-requests/components/checklist-templates.tsx';
import { StatusTemplates } from '../../features/staff-templates/components/status-templates.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Status e-mails · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffTemplatesPage() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      size="lg"
      title="Status e-mails"
      description="What a client is told, by e-mail and in the portal, when their file moves; the checklist templates a file's document requests start from; and the canned replies staff insert into messages."
    >
      <AdminOnly role={staff.role}>
        <Stack gap="xl">
          <StatusTemplates />
          <ChecklistTemplates />
          <CannedReplies role={staff.role} />
        </Stack>
      </AdminOnly>
    </ConsolePage>
  );
}
