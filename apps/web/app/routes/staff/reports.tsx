import { ConsolePage } from '../../components/ui/page-header.tsx';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { SeasonReport } from '../../features/staff-reports/components/season-report.tsx';

export function meta() {
  return [{ title: 'Season report · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffReportsPage() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="Season report"
      description="A tax year per owner and per status: files in progress, how long files stay in each status, what is overdue, what waits for review, and the money billed, paid and outstanding."
    >
      <AdminOnly role={staff.role}>
        <SeasonReport />
      </AdminOnly>
    </ConsolePage>
  );
}
