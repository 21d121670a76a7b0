import { Stack } from '@mantine/core';
import { ConsolePage } from '../../components/ui/page-header.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { PriceListSection } from '../../features/staff-invoices/components/price-list-editor.tsx';
import { OrganizerQuestionsSection } from '../../features/staff-settings/components/organizer-questions-section.tsx';
import { RatesSection } from '../../features/staff-settings/components/rates-section.tsx';
import { SettingsPage } from '../../features/staff-settings/components/settings-form.tsx';
import { SignatureTemplatesSection } from '../../features/staff-signatures/components/signature-templates-section.tsx';

export function meta() {
  return [{ title: 'Settings · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffSettings() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="Settings"
      description="The firm's details, links, home popup, tax years, file-number format, billing, price list and the documents to sign kept for bulk actions and automations. The public site shows a change as soon as it is saved."
    >
      <Stack gap="xl">
        <SettingsPage />
        {staff.role === 'admin' && <PriceListSection />}
        {staff.role === 'admin' && <SignatureTemplatesSection />}
        {staff.role === 'admin' && <RatesSection />}
        {staff.role === 'admin' && <OrganizerQuestionsSection />}
      </Stack>
    </ConsolePage>
  );
}
