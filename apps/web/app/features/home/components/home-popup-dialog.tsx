import { Box, Button, Group, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingBank,
  IconCalculator,
  IconCalendarEvent,
  IconCertificate,
  IconCheck,
  IconCurrencyRupee,
  IconMessageCircle,
  IconReceiptTax,
  IconShieldCheck,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { paths } from '../../../config/paths.ts';
import classes from './home-popup.module.css';
import { GridList } from '../../../components/ui/grid-list.tsx';

export type PopupContent = {
  /** The site setting `popuptype`: 1 welcome offer, 2 advertisement, 3 welcome. */
  type: 1 | 2 | 3;
  /** The site setting `offer_end_date`, 'YYYY-MM-DD' or ''. */
  offerEndDate: string;
  firmName: string;
};

/** The welcome offer's four key benefits (specification, section 1). */
export const OFFER_BENEFITS: readonly { icon: Icon; label: string }[] = [
  { icon: IconCalculator, label: 'Free tax estimates' },
  { icon: IconShieldCheck, label: 'Free tax representation for 5 years' },
  { icon: IconCertificate, label: 'ITIN certification by certified agents' },
  { icon: IconReceiptTax, label: 'Guaranteed estimated refund' },
];

type View = { title: string; size: string; body: ReactNode };

/** A plain link on: the island remembers the popup as closed when it is followed. */
function CtaButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button component="a" href={href} size="md" rightSection={<IconArrowRight size={18} aria-hidden />}>
      {children}
    </Button>
  );
}

/** A button that closes the dialog (the island listens for `data-popup-close`). */
function LaterButton({ children = 'Maybe later' }: { children?: ReactNode }) {
  return (
    <Button type="button" variant="subtle" color="navy.8" size="md" data-popup-close>
      {children}
    </Button>
  );
}

/** The popup's way on to the Contact Us page, and its way out. */
function ContactActions({ cta, later }: { cta: string; later?: string }) {
  return (
    <Group gap="sm">
      <CtaButton href={paths.contactUs.getHref()}>{cta}</CtaButton>
      <LaterButton>{later}</LaterButton>
    </Group>
  );
}

function offerView(offerEnds: string): View {
  return {
    title: 'Welcome offer: 50% off your tax filing',
    size: 'lg',
    body: (
      <Stack gap="lg">
        <Box className={classes.offerBand}>
          <Text component="p" className={classes.offerFigure}>
            50% off
          </Text>
          <Text component="p" className={classes.offerText}>
            the preparation and filing of your federal return and one state return.
          </Text>
          <Group gap={8} mt="sm" wrap="nowrap" className={classes.offerDate}>
            <IconCalendarEvent size={18} aria-hidden />
            <Text component="span" fw={600}>
              Offer valid till {offerEnds}
            </Text>
          </Group>
        </Box>
        <GridList cols={{ base: 1, xs: 2 }} spacing="sm" className={classes.benefits}>
          {OFFER_BENEFITS.map((b) => (
            <Group component="li" key={b.label} gap="sm" wrap="nowrap" className={classes.benefit}>
              <ThemeIcon size={40} radius="xl" color="navy.8" aria-hidden>
                <b.icon size={22} stroke={1.8} />
              </ThemeIcon>
              <Text fw={600} c="navy.9" lh={1.3}>
                {b.label}
              </Text>
            </Group>
          ))}
        </GridList>
        <ContactActions cta="Claim your offer" />
      </Stack>
    ),
  };
}

/** A welcome popup: its title names the firm. */
function welcomeTo(firmName: string, body: ReactNode): View {
  return { title: `Welcome to ${firmName}`, size: 'md', body };
}

function welcomeView(firmName: string): View {
  return welcomeTo(
    firmName,
    <Stack gap="md">
      <Text c="gray.8">
        Thank you for visiting. We prepare US and Indian tax returns for individuals, families and businesses,
        and we are with you after you file.
      </Text>
      <Text c="gray.8">Tell us about your year and we will estimate your refund, free of charge.</Text>
      <ContactActions cta="Contact us" later="Continue to the site" />
    </Stack>,
  );
}

const SEASON_COLUMNS = [
  {
    icon: IconBuildingBank,
    heading: 'US returns',
    items: ['Federal and state returns', 'ITIN applications (Form W-7)', 'FBAR and Form 8938 reporting'],
  },
  {
    icon: IconCurrencyRupee,
    heading: 'Indian returns',
    items: ['Income tax returns for NRIs', 'Capital gains and rental income', 'PAN, TAN and tax advice'],
  },
] as const;

function advertView(): View {
  return {
    title: 'File with us this season',
    size: 'lg',
    body: (
      <Stack gap="lg">
        <Text c="gray.8">
          One team for both countries: we prepare your US and Indian returns together, so income and taxes
          paid in one are handled correctly in the other.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {SEASON_COLUMNS.map((col) => (
            <Box key={col.heading} className={classes.column}>
              <Group gap="sm" mb="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="md" color="navy.8" aria-hidden>
                  <col.icon size={22} />
                </ThemeIcon>
                <Text component="h3" fw={700} fz="lg" c="navy.9" m={0}>
                  {col.heading}
                </Text>
              </Group>
              <List
                spacing={6}
                size="sm"
                icon={
                  <ThemeIcon size={20} radius="xl" color="gold.3" c="navy.9" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {col.items.map((item) => (
                  <List.Item key={item}>
                    <Text component="span" fz="sm" c="gray.9">
                      {item}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Box>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <Button
            component="a"
            href={paths.contactUs.getHref()}
            size="md"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
          >
            Contact Us
          </Button>
          <LaterButton />
        </Group>
      </Stack>
    ),
  };
}

const WELCOME_LINKS = [
  { icon: IconBuildingBank, label: 'US tax services', href: paths.usTaxServices.getHref() },
  { icon: IconCurrencyRupee, label: 'Indian tax services', href: paths.indianTaxServices.getHref() },
  { icon: IconReceiptTax, label: 'Tax center', href: paths.taxCenter.getHref() },
] as const;

function greetingView(firmName: string): View {
  return welcomeTo(
    firmName,
    <Stack gap="md">
      <Text c="gray.8">
        We are glad you are here. Whether you file in the US, in India or in both, our preparers take care of
        your returns and answer your questions all year.
      </Text>
      <Text component="h3" fw={700} c="navy.9" m={0}>
        Where to start
      </Text>
      <Stack component="ul" gap={8} p={0} m={0} style={{ listStyle: 'none' }}>
        {WELCOME_LINKS.map((l) => (
          <li key={l.href}>
            <a href={l.href} className={classes.linkTile}>
              <ThemeIcon size={36} radius="md" color="navy.8" aria-hidden>
                <l.icon size={20} />
              </ThemeIcon>
              <span>{l.label}</span>
              <IconArrowRight size={18} aria-hidden className={classes.linkArrow} />
            </a>
          </li>
        ))}
      </Stack>
      <Group>
        <LaterButton>Continue to the site</LaterButton>
      </Group>
    </Stack>,
  );
}

export type PopupView = 'offer' | 'welcome' | 'advert' | 'greeting';

/**
 * One design of the popup as a closed native <dialog> in the server HTML (ADR 021). The home-popup island
 * opens it with showModal(); its Close control and "later" buttons close it, as do Escape and a click on the
 * backdrop. Without a script it never opens.
 */
export function HomePopupDialog({
  view: kind,
  offerEnds = '',
  firmName,
}: {
  view: PopupView;
  /** The offer's last day, formatted (the offer view only). */
  offerEnds?: string;
  firmName: string;
}) {
  const view =
    kind === 'offer'
      ? offerView(offerEnds)
      : kind === 'welcome'
        ? welcomeView(firmName)
        : kind === 'advert'
          ? advertView()
          : greetingView(firmName);
  const titleId = `home-popup-${kind}-title`;
  return (
    <dialog className={classes.dialog} data-size={view.size} data-popup={kind} aria-labelledby={titleId}>
      <div className={classes.content}>
        <div className={classes.header}>
          <h2 id={titleId} className={classes.title}>
            {view.title}
          </h2>
          <button type="button" className={classes.close} aria-label="Close" data-popup-close>
            <IconX size={20} aria-hidden />
          </button>
        </div>
        {view.body}
      </div>
    </dialog>
  );
}
