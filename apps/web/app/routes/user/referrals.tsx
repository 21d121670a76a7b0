import { Stack, Title } from '@mantine/core';
import { ReferralList } from '../../features/referrals/components/referral-list.tsx';

export function meta() {
  return [{ title: 'Referral List' }, { name: 'robots', content: 'noindex' }];
}

export default function Referrals() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={28} c="navy.9">
        Referral List
      </Title>
      <ReferralList />
    </Stack>
  );
}
