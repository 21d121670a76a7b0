import { ConsolePage } from '../../components/ui/page-header.tsx';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { Team } from '../../features/staff-team/components/team.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Staff · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffTeamPage() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="Staff"
      description="Invite analysts and admins, deactivate accounts, reset a lost authenticator."
    >
      <AdminOnly role={staff.role}>
        <Team viewerId={staff.user_id} />
      </AdminOnly>
    </ConsolePage>
  );
}
