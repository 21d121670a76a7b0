import { List, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconDeviceDesktop, IconDeviceMobile, IconGift } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import { PublicReferralForm } from '../../features/referrals/components/public-referral-form.tsx';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import { FormContentPage } from '../../components/ui/form-content-page.tsx';
import { IconTitleCard } from '../../components/ui/icon-title-card.tsx';
import { formPageLoader } from '../../components/ui/post-form.tsx';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';
import type { Route } from './+types/refer-a-friend';

/** A page with a public form, served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const clientLoader = loadAsDocument;
export const loader = formPageLoader;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Refer a Friend',
    description:
      'Refer friends and family to our tax team: earn a 10% bonus on each referred fee and compete for this season’s top-three referral gifts.',
    path: paths.referAFriend.getHref(),
  });
}

const GIFTS = [
  { icon: IconDeviceMobile, place: 'First place', gift: 'A flagship phone (latest model)', minimum: 26 },
  { icon: IconDeviceDesktop, place: 'Second place', gift: 'An all-in-one desktop computer', minimum: 20 },
  { icon: IconCamera, place: 'Third place', gift: 'An action camera', minimum: 15 },
] as const;

export default function ReferAFriend({ loaderData }: Route.ComponentProps) {
  const { settings } = usePublicLayoutData();
  // Returns for a tax year are filed in the following calendar year: that is the season the programme runs in.
  const season = settings.current_tax_year + 1;
  return (
    <FormContentPage
      title="Refer a Friend"
      lead="Know someone who files in the US or India? Introduce them to us: they get careful, year-round help, and you earn a bonus on their fee."
      formTitle="Send a referral"
      form={<PublicReferralForm {...loaderData} />}
    >
      <Title order={2} fz="xl" c="navy.9">
        How the programme works
      </Title>
      <List spacing="xs" c="gray.8">
        <List.Item>
          You earn a 10% bonus on each referred person’s fee, paid once that person files a US return with us.
        </List.Item>
        <List.Item>
          Refer as many people as you like; every referral counts toward this season’s gifts.
        </List.Item>
        <List.Item>At least 6 referrals are needed to be among the top three.</List.Item>
        <List.Item>
          Bonuses for the {season} filing season are paid after April 22, {season}; the gift winners are
          announced in October {season}.
        </List.Item>
      </List>
      <Title order={2} fz="xl" c="navy.9">
        Top-three gifts
      </Title>
      <Stack gap="sm">
        {GIFTS.map((g) => (
          <IconTitleCard key={g.place} icon={g.icon} title={`${g.place}: ${g.gift}`}>
            <Text c="gray.8">With at least {g.minimum} referrals.</Text>
          </IconTitleCard>
        ))}
      </Stack>
      <Text c="gray.8" fz="sm" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <IconGift size={16} aria-hidden /> We contact your friend once, by phone or e-mail, and mention that
        you referred them.
      </Text>
    </FormContentPage>
  );
}
