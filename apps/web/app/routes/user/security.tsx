import { Stack, Text, Title } from '@mantine/core';
import { AccountSecurity } from '../../features/accounts/components/account-security.tsx';

export function meta() {
  return [{ title: 'Account Security' }, { name: 'robots', content: 'noindex' }];
}

export default function Security() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28} c="navy.9">
          Account Security
        </Title>
        <Text c="gray.8">Protect your account with two-step verification.</Text>
      </div>
      <AccountSecurity />
    </Stack>
  );
}
