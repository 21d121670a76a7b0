import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page-header.tsx';
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
    <Page
      title="Refer a friend"
      description="You refer as yourself: your name and e-mail come from your account."
    >
      <ReferralForm variant="client" onSaved={() => setSaved(true)} />
    </Page>
  );
}
