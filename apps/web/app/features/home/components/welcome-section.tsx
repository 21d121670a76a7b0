import { Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconCalculator,
  IconFileCertificate,
  IconMessageCircle,
  IconShieldLock,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

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

/** The page's h1 and welcome, then the firm's three main benefits. */
export function WelcomeSection({ firmName }: { firmName: string }) {
  return (
    <Box component="section" aria-labelledby="welcome-heading">
      <Container size="xl" pt={{ base: 40, md: 64 }} pb={{ base: 48, md: 72 }}>
        <Stack gap="lg" maw={780}>
          <Title order={1} id="welcome-heading" fz={{ base: 32, md: 46 }} c="navy.9" lh={1.15}>
            Tax preparation for US and India-linked taxpayers
          </Title>
          <Text fz="lg" c="gray.8">
            Welcome to {firmName}. We prepare and file individual and business returns, look after your
            obligations in both countries, and stay with you after filing.
          </Text>
          <Group>
            <Button
              component={Link}
              to={paths.usTaxServices.getHref()}
              size="md"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              US tax services
            </Button>
            <Button
              component={Link}
              to={paths.contactUs.getHref()}
              size="md"
              variant="outline"
              leftSection={<IconMessageCircle size={18} aria-hidden />}
            >
              Contact us
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt={{ base: 32, md: 48 }}>
          {BENEFITS.map((b) => (
            <Stack key={b.title} gap="xs" p="lg" bg="navy.0" style={{ borderRadius: 16 }}>
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
    </Box>
  );
}
