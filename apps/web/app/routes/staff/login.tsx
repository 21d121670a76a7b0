import { Center, Container } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { StaffLogin } from '../../features/staff-auth/components/staff-login.tsx';

export function meta() {
  return [{ title: 'Staff login' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffLoginPage() {
  const navigate = useNavigate();
  // A password just set from a set-up or reset link goes straight on to the second step (issue 38).
  const state = useLocation().state as { step?: unknown; mfa_token?: unknown } | null;
  const kind: 'mfa' | 'enrol' | null =
    state?.step === 'mfa' ? 'mfa' : state?.step === 'enrol' ? 'enrol' : null;
  const token = typeof state?.mfa_token === 'string' ? state.mfa_token : null;
  const initial = kind && token ? { kind, token } : undefined;
  return (
    <Container size="lg" py="xl" component="main" id="main">
      <Center>
        <StaffLogin initial={initial} onSignedIn={() => navigate(paths.staff.home.getHref())} />
      </Center>
    </Container>
  );
}
