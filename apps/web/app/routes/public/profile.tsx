import { Anchor, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconLock, IconTargetArrow, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ContentSection } from '../../components/ui/content-section.tsx';
import { GridList } from '../../components/ui/grid-list.tsx';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import { CallToAction } from '../../features/services/components/call-to-action.tsx';
import type { Route } from './+types/profile';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Company profile',
    description:
      'Who we are and how we work: tax preparation and accounting for US and India-linked individuals and businesses, through a secure client portal, all year.',
    path: paths.profile.getHref(),
  });
}

const STEPS = [
  {
    title: 'Open your account',
    text: 'Register, confirm your e-mail address and fill in your profile: your details, your spouse, your dependents and your employers.',
  },
  {
    title: 'Upload your documents',
    text: 'Add your W-2s, 1099s and other tax documents in the secure client portal, each under its own category, so nothing is lost in an e-mail thread.',
  },
  {
    title: 'Review your tax summary',
    text: 'We prepare your return and publish a tax summary in your portal. You read it and ask any questions before anything is filed.',
  },
  {
    title: 'We e-file',
    text: 'Once you are satisfied, we file your return electronically. Your file status stays visible in the portal.',
  },
] as const;

const VALUES: readonly { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconTargetArrow,
    title: 'Accuracy',
    text: 'Every return is prepared from your documents and reviewed before you see it. When something is unclear we ask rather than guess, and we explain the numbers in plain language.',
  },
  {
    icon: IconLock,
    title: 'Confidentiality',
    text: 'Your documents reach us through an encrypted portal, not ordinary e-mail, and are used only for your tax work. We ask for your consent before any return information is disclosed.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Year-round support',
    text: 'Tax questions do not end on April 15. We help you respond to tax notices, adjust withholding and estimated payments and plan with you for the next year.',
  },
];

const REASONS = [
  'One team for both countries: US federal and state returns alongside Indian tax filings and advice.',
  'Experience with cross-border situations: nonresident returns, ITIN applications, FBAR and Form 8938.',
  'A free estimate of your refund or balance due before you file.',
  'A tax summary to review and approve before anything is submitted.',
  'A secure client portal for documents, tax summaries and payments.',
  'Help for individuals and for businesses, so owners can keep personal and business returns with one firm.',
] as const;

export default function Profile() {
  const firmName = usePublicLayoutData().settings.firm_name.trim();
  const subject = firmName || 'Our firm';
  return (
    <ContentPage
      title="Company profile"
      lead={`${subject} prepares taxes and keeps accounts for individuals and businesses with ties to the United States and India.`}
    >
      <Stack gap={48}>
        <ContentSection headingId="who-we-are-heading" title="Who we are">
          <Text c="gray.8">
            We are a tax preparation and accounting firm for US and India-linked taxpayers. Our clients
            include US citizens and green card holders with family, property or investments in India, Indian
            professionals working in the US, non-resident Indians with US income, and the businesses they own
            on either side.
          </Text>
          <Text c="gray.8">
            Because we work with both tax systems every day, questions that involve two countries, such as
            foreign bank accounts, treaty relief or a spouse without a Social Security number, are routine for
            us rather than an exception. We prepare individual returns, business returns and the filings that
            go with them, and we stay available after the return is filed.
          </Text>
        </ContentSection>

        <ContentSection headingId="how-we-work-heading" title="How we work">
          <Text c="gray.8">Most of our work happens in a secure client portal, in four steps.</Text>
          <GridList as="ol" cols={{ base: 1, sm: 2 }} spacing="md">
            {STEPS.map((step, i) => (
              <Card component="li" key={step.title} withBorder padding="lg" radius="md">
                <Stack gap={6}>
                  <Text fz="sm" fw={700} c="navy.8" aria-hidden>
                    Step {i + 1}
                  </Text>
                  <Title order={3} fz="lg" c="navy.9">
                    {step.title}
                  </Title>
                  <Text c="gray.8">{step.text}</Text>
                </Stack>
              </Card>
            ))}
          </GridList>
        </ContentSection>

        <ContentSection headingId="values-heading" title="What we stand for">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {VALUES.map((value) => (
              <Stack key={value.title} gap="xs" p="lg" bg="navy.0" style={{ borderRadius: 12 }}>
                <ThemeIcon size={44} radius="md" color="navy" aria-hidden>
                  <value.icon size={24} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="lg" c="navy.9">
                  {value.title}
                </Title>
                <Text c="gray.8">{value.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Text c="gray.8">
            Read how we ask for your consent and protect your information in our{' '}
            <Anchor component={Link} to={paths.disclaimer.getHref()} underline="always">
              disclaimer and consent statement
            </Anchor>{' '}
            and our{' '}
            <Anchor component={Link} to={paths.privacyPolicy.getHref()} underline="always">
              privacy policy
            </Anchor>
            .
          </Text>
        </ContentSection>

        <ContentSection headingId="why-us-heading" title="Why clients choose us">
          <List
            spacing="sm"
            c="gray.8"
            icon={
              <ThemeIcon size={22} radius="xl" color="navy" aria-hidden>
                <IconCheck size={14} aria-hidden />
              </ThemeIcon>
            }
          >
            {REASONS.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </ContentSection>

        <CallToAction
          title="Work with us"
          primary={{ label: 'Contact us', to: paths.contactUs.getHref() }}
          secondary={{ label: 'Explore US tax services', to: paths.usTaxServices.getHref() }}
        >
          Tell us about your situation and we will explain what we need from you, what we will prepare and
          when.
        </CallToAction>
      </Stack>
    </ContentPage>
  );
}
