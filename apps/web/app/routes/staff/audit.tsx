import { ConsolePage } from '../../components/ui/page-header.tsx';
import { AuditLog } from '../../features/staff-audit/components/audit-log.tsx';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Audit log · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffAuditPage() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="Audit log"
      description="Every staff action and every staff read of client data. Entries cannot be changed."
    >
      <AdminOnly role={staff.role}>
        <AuditLog />
      </AdminOnly>
    </ConsolePage>
  );
}
