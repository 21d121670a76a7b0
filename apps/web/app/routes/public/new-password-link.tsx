import { useSearchParams } from 'react-router';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { NewPasswordForm } from '../../features/accounts/components/new-password-form.tsx';

export function meta() {
  return [{ title: 'Create new password' }, { name: 'robots', content: 'noindex' }];
}

export default function NewPasswordLink() {
  const [params] = useSearchParams();
  return (
    <ContentPage title="Create New Password" lead="Choose a new password for your client portal account.">
      <NewPasswordForm tokenId={params.get('tokenId') ?? ''} userid={params.get('userid') ?? ''} />
    </ContentPage>
  );
}
