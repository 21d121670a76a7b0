import { ConsolePage } from '../../components/ui/page-header.tsx';
import { StaffInbox } from '../../features/staff-inbox/components/staff-inbox.tsx';
import { InvoicesInbox } from '../../features/staff-invoices/components/invoices-inbox.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Inbox · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffInboxPage() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="Inbox"
      description="Contact messages, career applications, referrals, payments and invoices. Each list downloads as CSV with its filters."
    >
      <StaffInbox role={staff.role} invoices={<InvoicesInbox />} />
    </ConsolePage>
  );
}
