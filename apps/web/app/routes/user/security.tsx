import { Page } from '../../components/ui/page-header.tsx';
import { Divider, Stack } from '@mantine/core';
import { AccountPasskeys } from '../../features/accounts/components/account-passkeys.tsx';
import { AccountSecurity } from '../../features/accounts/components/account-security.tsx';

export function meta() {
  return [{ title: 'Account Security' }, { name: 'robots', content: 'noindex' }];
}

export default function Security() {
  return (
    <Page
      title="Account Security"
      description="Protect your account with two-step verification, and sign in with a passkey."
    >
      <Stack gap="xl">
        <AccountSecurity />
        <Divider />
        <AccountPasskeys />
      </Stack>
    </Page>
  );
}
