import { Container, Title } from '@mantine/core';

export function meta() {
  return [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex' }];
}

export default function Dashboard() {
  return (
    <Container size="lg" py="xl" component="main">
      <Title order={1}>Dashboard</Title>
    </Container>
  );
}
