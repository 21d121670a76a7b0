import { ContentPage } from '../../components/layouts/content-page.tsx';
import { VerifyAccount } from '../../features/accounts/components/verify-account.tsx';

export function meta() {
  return [{ title: 'Verify your account' }, { name: 'robots', content: 'noindex' }];
}

export default function AccountVerifyUser() {
  return (
    <ContentPage title="Account verification">
      <VerifyAccount />
    </ContentPage>
  );
}
