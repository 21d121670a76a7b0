import { ConsolePage } from '../../components/ui/page-header.tsx';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { Automations } from '../../features/staff-automations/components/automations.tsx';

export function meta() {
  return [{ title: 'Automations · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffAutomationsPage() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="Automations"
      description="The steps the firm always takes when a file enters a status, done by themselves: a checklist template, a canned message, an invoice from the price list, an owner, a deliverable."
    >
      <AdminOnly role={staff.role}>
        <Automations />
      </AdminOnly>
    </ConsolePage>
  );
}
