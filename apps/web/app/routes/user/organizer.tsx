import { Page } from '../../components/ui/page-header.tsx';
import { OrganizerPage } from '../../features/organizer/components/organizer-page.tsx';

export function meta() {
  return [{ title: 'Your organizer' }, { name: 'robots', content: 'noindex' }];
}

export default function Organizer() {
  return (
    <Page
      title="Your organizer"
      description="A few questions about your year, one section at a time. Your answers decide which documents we ask for, and are saved each time you go on, so you can finish on any device."
    >
      <OrganizerPage />
    </Page>
  );
}
