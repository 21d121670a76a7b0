import { Container, Stack, Text, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading: the h1 and, under it, what the page is for (`description`) and anything more. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div>
      <Title order={1} fz={28} c="navy.9">
        {title}
      </Title>
      {description && <Text c="gray.8">{description}</Text>}
      {children}
    </div>
  );
}

type PageProps = { title: ReactNode; description?: ReactNode; children: ReactNode };

/** A page inside a shell that holds the main landmark (the client area): the heading, then the content. */
export function Page({ title, description, children }: PageProps) {
  return (
    <Stack gap="lg">
      <PageHeader title={title} description={description} />
      {children}
    </Stack>
  );
}

/** A staff console page: the main landmark (the skip link's target) around a `Page`. */
export function ConsolePage({ size = 'xl', ...page }: PageProps & { size?: ContainerProps['size'] }) {
  return (
    <Container size={size} py="xl" component="main" id="main" tabIndex={-1}>
      <Page {...page} />
    </Container>
  );
}
