import { Page } from '../../components/ui/page-header.tsx';
import { ConsentsPage } from '../../features/consents/components/consents-page.tsx';

export function meta() {
  return [{ title: 'Privacy & Consents' }, { name: 'robots', content: 'noindex' }];
}

export default function Consents() {
  return (
    <Page
      title="Privacy & Consents"
      description="Whether we may share your tax return information with our team in India. Answering No does not change the service we give you."
    >
      <ConsentsPage />
    </Page>
  );
}
