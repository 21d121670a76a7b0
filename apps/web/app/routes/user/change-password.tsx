import { MIN_PASSWORD_LENGTH } from '@taxfirm/contract';
import { Page } from '../../components/ui/page-header.tsx';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form.tsx';

export function meta() {
  return [{ title: 'Change Password' }, { name: 'robots', content: 'noindex' }];
}

export default function ChangePassword() {
  return (
    <Page
      title="Change Password"
      description={`Choose a new password of at least ${MIN_PASSWORD_LENGTH} characters. Other devices will be signed out.`}
    >
      <ChangePasswordForm />
    </Page>
  );
}
