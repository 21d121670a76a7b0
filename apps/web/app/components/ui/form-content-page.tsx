import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ContentPage } from '../layouts/content-page.tsx';

/**
 * A public page built around one form (Careers, Refer a Friend): the wide content page, what the page has to say
 * in the left column (`children`), and the form in a card on the right, under its h2 (`formTitle`) and an
 * optional line before the fields (`formIntro`). `alignFormTop` keeps the card to its own height.
 */
export function FormContentPage({
  title,
  lead,
  formTitle,
  formIntro,
  alignFormTop = false,
  form,
  children,
}: {
  title: string;
  lead: ReactNode;
  formTitle: string;
  formIntro?: ReactNode;
  alignFormTop?: boolean;
  form: ReactNode;
  children: ReactNode;
}) {
  return (
    <ContentPage wide title={title} lead={lead}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
        <Stack gap="lg">{children}</Stack>
        <Card withBorder radius="md" padding="lg" style={alignFormTop ? { alignSelf: 'start' } : undefined}>
          <Title order={2} fz="xl" c="navy.9" mb={formIntro ? 'xs' : 'md'}>
            {formTitle}
          </Title>
          {formIntro && (
            <Text c="gray.8" fz="sm" mb="md">
              {formIntro}
            </Text>
          )}
          {form}
        </Card>
      </SimpleGrid>
    </ContentPage>
  );
}
