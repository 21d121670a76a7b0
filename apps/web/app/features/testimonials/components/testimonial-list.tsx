import { Box, Card, Text, ThemeIcon } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import type { Testimonial } from '../testimonials.ts';

/** Client reviews as a list of quotations, each with who said it and which service it concerns. */
export function TestimonialList({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <Box
      component="ul"
      data-testid="testimonials"
      style={{
        listStyle: 'none',
        padding: 0,
        margin: 0,
        display: 'grid',
        gap: 'var(--mantine-spacing-lg)',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
      }}
    >
      {testimonials.map((t) => (
        <Box component="li" key={t.id}>
          <Card
            component="figure"
            withBorder
            radius="md"
            padding="lg"
            h="100%"
            m={0}
            style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-md)' }}
          >
            <ThemeIcon size={36} radius="xl" color="gold.3" c="navy.9" aria-hidden>
              <IconQuote size={20} />
            </ThemeIcon>
            <Box component="blockquote" m={0} p={0} style={{ flexGrow: 1 }}>
              <Text c="gray.9" lh={1.6}>
                {t.quote}
              </Text>
            </Box>
            <Box component="figcaption">
              <Text fw={700} c="navy.9">
                {t.name}
              </Text>
              <Text fz="sm" c="gray.7">
                {t.location} · {t.service}
              </Text>
            </Box>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
