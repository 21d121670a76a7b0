import { Stack, Text } from '@mantine/core';
import { ConsolePage } from '../../components/ui/page-header.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { StaffPasskeys } from '../../features/staff-auth/components/staff-passkeys.tsx';
import { StaffPasswordForm } from '../../features/staff-auth/components/staff-password-form.tsx';
import { AlertsChoice } from '../../features/staff-messaging/components/alerts-choice.tsx';

export function meta() {
  return [{ title: 'Your account · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffAccountPage() {
  return (
    <ConsolePage
      title="Your account"
      description="Your password, your passkeys, and how you hear about your clients' messages."
    >
      <Stack gap="xl">
        <SectionCard headingId="password-heading" title="Change password" maw={640}>
          <Text c="gray.8" mb="md">
            Enter your current password and a code from your authenticator app. Every other device signed in
            to your account is signed out.
          </Text>
          <StaffPasswordForm />
        </SectionCard>
        <SectionCard headingId="passkeys-heading" title="Passkeys" maw={760}>
          <StaffPasskeys />
        </SectionCard>
        <AlertsChoice />
      </Stack>
    </ConsolePage>
  );
}
