import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ReferralForm } from '../../features/referrals/components/referral-form.tsx';

/** The spec's pause after a saved referral before the list. */
const BACK_TO_LIST_MS = 2000;

export function meta() {
  return [{ title: 'Refer a friend' }, { name: 'robots', content: 'noindex' }];
}

export default function SaveReferral() {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => navigate(paths.user.referrals.getHref()), BACK_TO_LIST_MS);
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28} c="navy.9">
          Refer a friend
        </Title>
        <Text c="gray.8">You refer as yourself: your name and e-mail come from your account.</Text>
      </div>
      <ReferralForm variant="client" onSaved={() => setSaved(true)} />
    </Stack>
  );
}
