import { List, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconCalculator, IconHeadset, IconSchool, type Icon } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import { CareersForm } from '../../features/careers/components/careers-form.tsx';
import { publicMeta } from '../../lib/seo.ts';
import { FormContentPage } from '../../components/ui/form-content-page.tsx';
import { IconTitleCard } from '../../components/ui/icon-title-card.tsx';
import { formPageLoader } from '../../components/ui/post-form.tsx';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';
import type { Route } from './+types/careers';

/** A page with a public form, served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const clientLoader = loadAsDocument;
export const loader = formPageLoader;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Careers',
    description:
      'Join our US and India tax team: preparers, enrolled agents, CPAs and client-service associates. Send your application and résumé online.',
    path: paths.careers.getHref(),
  });
}

const ROLES: readonly { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconCalculator,
    title: 'Tax preparers and reviewers',
    text: 'Prepare and review individual returns (1040, 1040-NR, amended returns) and the foreign-asset reports our clients need.',
  },
  {
    icon: IconBriefcase,
    title: 'Enrolled agents and CPAs',
    text: 'Own business returns (1120, 1120-S, 1065), represent clients before the IRS and mentor the preparers on your team.',
  },
  {
    icon: IconHeadset,
    title: 'Client-service associates',
    text: 'Be the first voice clients hear: answer questions, chase missing documents and keep each filing moving through the season.',
  },
  {
    icon: IconSchool,
    title: 'Interns and graduates',
    text: 'Learn US and Indian taxation from experienced professionals, with training before the season and real returns during it.',
  },
];

export default function Careers({ loaderData }: Route.ComponentProps) {
  return (
    <FormContentPage
      title="Careers"
      lead="Build your career in US and Indian taxation with a team that values careful work, clear explanations and clients who come back every year."
      formTitle="Apply now"
      formIntro="Fields marked with an asterisk are required. A résumé helps us answer you sooner."
      alignFormTop
      form={<CareersForm {...loaderData} />}
    >
      <Title order={2} fz="xl" c="navy.9">
        Join our team
      </Title>
      <Text c="gray.8">
        We are always glad to hear from people who enjoy getting the details right. Whether you prepare
        returns, represent clients or help them through the season, tell us about yourself: we read every
        application and reply to those that fit an open or upcoming role.
      </Text>
      <Stack gap="md">
        {ROLES.map((role) => (
          <IconTitleCard key={role.title} icon={role.icon} title={role.title} iconVariant="light">
            <Text c="gray.8" fz="sm">
              {role.text}
            </Text>
          </IconTitleCard>
        ))}
      </Stack>
      <Title order={2} fz="xl" c="navy.9">
        What we offer
      </Title>
      <List spacing="xs" c="gray.8">
        <List.Item>Paid training in US and Indian tax before each filing season.</List.Item>
        <List.Item>Support for the IRS enrolled agent exams and continuing education.</List.Item>
        <List.Item>Offices in the US and India, with remote work for many roles.</List.Item>
        <List.Item>A calm off-season: flexible hours once the extension deadline has passed.</List.Item>
      </List>
    </FormContentPage>
  );
}
