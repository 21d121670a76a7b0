import { Center, Container } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { StaffLogin } from '../../features/staff-auth/components/staff-login.tsx';

export function meta() {
  return [{ title: 'Staff login' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffLoginPage() {
  const navigate = useNavigate();
  return (
    <Container size="lg" py="xl" component="main" id="main">
      <Center>
        <StaffLogin onSignedIn={() => navigate(paths.staff.home.getHref())} />
      </Center>
    </Container>
  );
}
