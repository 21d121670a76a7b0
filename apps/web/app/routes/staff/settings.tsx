import { ConsolePage } from '../../components/ui/page-header.tsx';
import { SettingsPage } from '../../features/staff-settings/components/settings-form.tsx';

export function meta() {
  return [{ title: 'Settings · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffSettings() {
  return (
    <ConsolePage
      title="Settings"
      description="The firm's details, links, home popup, tax years and file-number format. The public site shows a change as soon as it is saved."
    >
      <SettingsPage />
    </ConsolePage>
  );
}
