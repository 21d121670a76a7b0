import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ContentSection } from '../../../components/ui/content-section.tsx';
import type { TaxServiceGroup } from '../service-types.ts';

/** A group of services: its h2 and summary, one card per service with an h3, then an optional note. */
export function ServiceSection({ group, note }: { group: TaxServiceGroup; note?: string }) {
  const headingId = `${group.id}-heading`;
  return (
    <ContentSection headingId={headingId} title={group.title} id={group.id} style={{ scrollMarginTop: 16 }}>
      <Text c="gray.8">{group.summary}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {group.services.map((service) => (
          <Card key={service.id} id={service.id} withBorder padding="lg" radius="md">
            <Stack gap={6}>
              <Title order={3} fz="lg" c="navy.9">
                {service.title}
              </Title>
              <Text fz="sm" fw={600} c="gray.7">
                {service.subtitle}
              </Text>
              <Text c="gray.8">{service.description}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {note && (
        <Text fz="sm" c="gray.7">
          {note}
        </Text>
      )}
    </ContentSection>
  );
}
