import { Stack, Text, Title } from '@mantine/core';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form.tsx';

export function meta() {
  return [{ title: 'Change Password' }, { name: 'robots', content: 'noindex' }];
}

export default function ChangePassword() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28} c="navy.9">
          Change Password
        </Title>
        <Text c="gray.8">
          Choose a new password of at least 10 characters. Other devices will be signed out.
        </Text>
      </div>
      <ChangePasswordForm />
    </Stack>
  );
}
