import { Anchor, Avatar, Box, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconQuote } from '@tabler/icons-react';
import { CarouselFrame } from './carousel-frame.tsx';
import classes from './carousel.module.css';

/** A client review as the home page shows it (the testimonials feature's data fits this shape). */
export type HomeReview = {
  id: string;
  name: string;
  location: string;
  service: string;
  quote: string;
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
}

/**
 * Client reviews in a carousel (one, two or three cards in view by screen width), enhanced by the same island
 * as the banner: rotation every SLIDE_ROTATION_MS with the same pause rules and controls. All reviews are in
 * the server HTML.
 */
export function TestimonialsCarousel({
  reviews,
  moreHref,
}: {
  reviews: readonly HomeReview[];
  /** The page with every review. */
  moreHref: string;
}) {
  return (
    <Box component="section" aria-labelledby="home-testimonials-heading" py={{ base: 48, md: 72 }}>
      <Container size="xl">
        <Group justify="space-between" align="flex-end" mb="xl" gap="md">
          <Stack gap={6} maw={640}>
            <Text fz="sm" fw={700} tt="uppercase" c="navy.8" style={{ letterSpacing: '0.06em' }}>
              Testimonials
            </Text>
            <Title order={2} id="home-testimonials-heading" c="navy.9" fz={{ base: 26, md: 34 }}>
              What our clients say
            </Title>
            <Text c="gray.8">
              Individuals, families with ties to India and small business owners on working with us.
            </Text>
          </Stack>
          <Anchor href={moreHref} fw={700} c="navy.8">
            <Group gap={6} component="span" wrap="nowrap">
              Read all client testimonials
              <IconArrowRight size={18} aria-hidden />
            </Group>
          </Anchor>
        </Group>
        <CarouselFrame
          label="Client testimonials"
          variant="testimonials"
          as="div"
          align="start"
          slides={reviews.map((review) => ({
            key: review.id,
            content: (
              <figure className={classes.review}>
                <ThemeIcon size={40} radius="xl" color="gold.3" c="navy.9" aria-hidden>
                  <IconQuote size={22} />
                </ThemeIcon>
                <blockquote className={classes.reviewQuote}>
                  <Text c="gray.9" lh={1.65}>
                    {review.quote}
                  </Text>
                </blockquote>
                <Group component="figcaption" gap="sm" wrap="nowrap">
                  <Avatar color="navy" variant="filled" radius="xl" aria-hidden>
                    {initials(review.name)}
                  </Avatar>
                  <div>
                    <Text fw={700} c="navy.9">
                      {review.name}
                    </Text>
                    <Text fz="sm" c="gray.7">
                      {review.location} · {review.service}
                    </Text>
                  </div>
                </Group>
              </figure>
            ),
          }))}
        />
      </Container>
    </Box>
  );
}
