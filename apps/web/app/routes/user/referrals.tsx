import { Page } from '../../components/ui/page-header.tsx';
import { ReferralList } from '../../features/referrals/components/referral-list.tsx';

export function meta() {
  return [{ title: 'Referral List' }, { name: 'robots', content: 'noindex' }];
}

export default function Referrals() {
  return (
    <Page title="Referral List">
      <ReferralList />
    </Page>
  );
}
