import { Card, Title, type CardProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered card that is a section named by its h2 (`headingId` ties the two). */
export function SectionCard({
  headingId,
  title,
  children,
  ...props
}: { headingId: string; title: ReactNode; children: ReactNode } & Omit<CardProps, 'children'>) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} {...props}>
      <Title order={2} id={headingId} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
