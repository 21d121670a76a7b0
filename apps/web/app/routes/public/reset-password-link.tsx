import { ContentPage } from '../../components/layouts/content-page.tsx';
import { ResetLinkForm } from '../../features/accounts/components/reset-link-form.tsx';
import type { Route } from './+types/reset-password-link';

export function meta() {
  return [{ title: 'Reset your password' }, { name: 'robots', content: 'noindex' }];
}

export default function ResetPasswordLink({ params }: Route.ComponentProps) {
  return (
    <ContentPage title="Reset Password" lead="Choose a new password for your client portal account.">
      <ResetLinkForm tokenId={params.id} />
    </ContentPage>
  );
}
