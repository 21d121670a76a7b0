import { Page } from '../../components/ui/page-header.tsx';
import { HouseholdPage } from '../../features/household/components/household-page.tsx';

export function meta() {
  return [{ title: 'Household' }, { name: 'robots', content: 'noindex' }];
}

export default function Household() {
  return (
    <Page title="Household" description="The people who sign in to your file with their own login.">
      <HouseholdPage />
    </Page>
  );
}
