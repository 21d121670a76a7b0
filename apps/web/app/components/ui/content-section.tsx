import { Stack, Title, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section of a public content page, named by its h2 (`headingId` ties the two). */
export function ContentSection({
  headingId,
  title,
  children,
  ...props
}: { headingId: string; title: ReactNode; children: ReactNode } & Omit<StackProps, 'children'>) {
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" {...props}>
      <Title order={2} id={headingId} c="navy.9" fz={{ base: 24, md: 28 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
