import { ConsolePage } from '../../components/ui/page-header.tsx';
import { StaffPasswordForm } from '../../features/staff-auth/components/staff-password-form.tsx';

export function meta() {
  return [{ title: 'Change password · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffAccountPage() {
  return (
    <ConsolePage
      title="Change password"
      description="Enter your current password and a code from your authenticator app. Every other device signed in to your account is signed out."
    >
      <StaffPasswordForm />
    </ConsolePage>
  );
}
