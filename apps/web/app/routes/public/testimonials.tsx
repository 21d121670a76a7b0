import { Anchor, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { TestimonialList } from '../../features/testimonials/components/testimonial-list.tsx';
import { TESTIMONIALS } from '../../features/testimonials/testimonials.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import type { Route } from './+types/testimonials';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Client Testimonials',
    description:
      'What individuals, NRI families and small business owners say about our US and Indian tax preparation, ITIN, FBAR and business return services.',
    path: paths.testimonials.getHref(),
  });
}

/** The review site's address when it is a web (http/https) URL; otherwise empty, so no link is shown. */
function externalUrl(value: string): string {
  const url = value.trim();
  return /^https?:\/\//i.test(url) ? url : '';
}

export default function Testimonials() {
  const reviewsUrl = externalUrl(usePublicLayoutData().settings.reviews_url);
  return (
    <ContentPage
      wide
      title="Client Testimonials"
      lead="Individuals, families with ties to India, and small business owners on what it is like to work with us."
    >
      <Stack gap={40}>
        <TestimonialList testimonials={TESTIMONIALS} />
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="xl" c="navy.9">
            Ready to join them?
          </Title>
          <Text c="gray.8" maw={640}>
            Reviews are shared with our clients’ permission and describe their own experience; every return is
            different. Tell us about yours and we will give you a free estimate.
          </Text>
          <Group gap="md">
            <Button component={Link} to={paths.contactUs.getHref()} size="md">
              Contact us
            </Button>
            {reviewsUrl && (
              <Anchor
                href={reviewsUrl}
                target="_blank"
                rel="noopener noreferrer"
                fw={600}
                data-testid="more-reviews"
              >
                Read more reviews <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                <IconExternalLink
                  size={16}
                  aria-hidden
                  style={{ marginLeft: 4, verticalAlign: 'text-bottom' }}
                />
              </Anchor>
            )}
          </Group>
        </Stack>
      </Stack>
    </ContentPage>
  );
}
