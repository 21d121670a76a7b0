import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { data, Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { publicMeta } from '../../lib/seo.ts';
import type { Route } from './+types/not-found';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** Any unknown page: a real 404 status, inside the public chrome. */
export function loader() {
  return data(null, { status: 404 });
}

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const clientLoader = loadAsDocument;

export function meta({ matches, location }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has moved.',
    path: location.pathname,
    noIndex: true,
  });
}

export default function NotFound() {
  return (
    <Container size="sm" py={64}>
      <Stack>
        <Title order={1} c="navy.9">
          Page not found
        </Title>
        <Text>The page you are looking for does not exist or has moved.</Text>
        <Anchor component={Link} to={paths.home.getHref()}>
          Go to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}
