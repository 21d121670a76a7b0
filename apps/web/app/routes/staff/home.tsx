import { Container, Title } from '@mantine/core';

export function meta() {
  return [{ title: 'Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffHome() {
  return (
    <Container size="lg" py="xl" component="main" id="main" tabIndex={-1}>
      <Title order={1}>Staff console</Title>
    </Container>
  );
}
