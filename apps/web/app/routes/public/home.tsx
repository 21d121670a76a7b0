import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalculator, IconFileCertificate, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import type { Route } from './+types/home';

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'US and India tax preparation and accounting',
    description:
      'Tax preparation, filing and advice for US and India-linked taxpayers: individual and business returns, ITIN, FBAR and Indian tax services.',
    path: paths.home.getHref(),
  });
}

const BENEFITS = [
  {
    icon: IconCalculator,
    title: 'Free tax estimates',
    text: 'Know where you stand before you file: we estimate your refund or balance due at no charge.',
  },
  {
    icon: IconFileCertificate,
    title: 'US and India expertise',
    text: 'One team for federal and state returns, ITIN, FBAR and foreign assets, and Indian tax matters.',
  },
  {
    icon: IconShieldLock,
    title: 'Your data, protected',
    text: 'Documents travel encrypted and are stored encrypted. Only your preparers can open them.',
  },
] as const;

export default function Home() {
  const firmName = usePublicLayoutData().settings.firm_name;
  return (
    <>
      <Container size="xl" py={{ base: 40, md: 72 }}>
        <Stack gap="lg" maw={760}>
          <Title order={1} fz={{ base: 32, md: 48 }} c="navy.9" lh={1.15}>
            Tax preparation for US and India-linked taxpayers
          </Title>
          <Text fz="lg" c="gray.8">
            Welcome to {firmName}. We prepare and file individual and business returns, look after your
            obligations in both countries, and stay with you after filing.
          </Text>
          <Group>
            <Button component={Link} to={paths.usTaxServices.getHref()} size="md">
              US tax services
            </Button>
            <Button component={Link} to={paths.contactUs.getHref()} size="md" variant="outline">
              Contact us
            </Button>
          </Group>
        </Stack>
      </Container>
      <Container size="xl" pb="xl">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {BENEFITS.map((b) => (
            <Stack key={b.title} gap="xs" p="lg" bg="navy.0" style={{ borderRadius: 12 }}>
              <ThemeIcon size={44} radius="md" color="navy" aria-hidden>
                <b.icon size={24} />
              </ThemeIcon>
              <Title order={2} fz="lg" c="navy.9">
                {b.title}
              </Title>
              <Text c="gray.8">{b.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
