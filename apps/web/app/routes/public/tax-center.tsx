import {
  Anchor,
  Box,
  Card,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink, IconFileDollar, IconFilePencil } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { StateRefundForm } from '../../features/tax-center/components/state-refund-form.tsx';
import { FEDERAL_REFUND_LINKS } from '../../features/tax-center/federal-refund-links.ts';
import { publicMeta } from '../../lib/seo.ts';
import type { Route } from './+types/tax-center';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Tax Center: federal and state refund status',
    description:
      'Check your federal refund or amended return on IRS.gov, or pick your state to open its official refund status page. Links go straight to government sites.',
    path: paths.taxCenter.getHref(),
  });
}

const TILE_ICONS = { refund: IconFileDollar, amended: IconFilePencil } as const;

export default function TaxCenter() {
  const [searchParams] = useSearchParams();
  return (
    <ContentPage
      wide
      title="Tax Center"
      lead="Already filed? Track your federal refund, an amended return, or your state refund on the official government websites."
    >
      <Stack gap={48}>
        <Stack gap="lg" component="section" aria-labelledby="federal-heading">
          <Title order={2} id="federal-heading" fz="xl" c="navy.9">
            Federal refund status
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {FEDERAL_REFUND_LINKS.map((tile) => {
              const Icon = TILE_ICONS[tile.id];
              return (
                <Card key={tile.id} withBorder radius="md" padding="lg" data-testid={`federal-${tile.id}`}>
                  <Stack gap="sm" h="100%">
                    <ThemeIcon size={44} radius="md" color="navy" aria-hidden>
                      <Icon size={24} />
                    </ThemeIcon>
                    <Title order={3} fz="lg" c="navy.9">
                      {tile.title}
                    </Title>
                    <Text c="gray.8" style={{ flexGrow: 1 }}>
                      {tile.text}
                    </Text>
                    <Anchor href={tile.url} target="_blank" rel="noopener noreferrer" fw={600}>
                      {tile.linkLabel} <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                      <IconExternalLink
                        size={16}
                        aria-hidden
                        style={{ marginLeft: 4, verticalAlign: 'text-bottom' }}
                      />
                    </Anchor>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
          <Text c="gray.8" fz="sm">
            Have your Social Security number or ITIN, your filing status and the exact whole-dollar refund
            amount from your return ready.
          </Text>
        </Stack>

        <Box component="section" aria-labelledby="state-heading">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
            <Stack gap="md">
              <Title order={2} id="state-heading" fz="xl" c="navy.9">
                State refund status
              </Title>
              <Text c="gray.8">
                Choose the state you filed with and press Submit. The state’s own refund status page opens in
                a new tab.
              </Text>
              <StateRefundForm
                action={paths.taxCenter.getHref()}
                requestedState={searchParams.get('state')}
              />
            </Stack>
            <Stack gap="sm">
              <Title order={3} fz="lg" c="navy.9">
                Good to know
              </Title>
              <List spacing="xs" c="gray.8">
                <List.Item>
                  States with no individual income tax (Alaska, Florida, Nevada, New Hampshire, South Dakota,
                  Tennessee, Texas, Washington and Wyoming) do not appear in the list.
                </List.Item>
                <List.Item>
                  Most states ask for your Social Security number or ITIN and the exact refund amount shown on
                  your state return.
                </List.Item>
                <List.Item>
                  These links lead to official government websites. We do not see or keep anything you enter
                  there, and we never ask for your passwords to those sites.
                </List.Item>
                <List.Item>
                  If a refund is taking longer than the state’s published time frame or you received a notice,
                  send it to us through the client portal and we will help you respond.
                </List.Item>
              </List>
            </Stack>
          </SimpleGrid>
        </Box>
      </Stack>
    </ContentPage>
  );
}
