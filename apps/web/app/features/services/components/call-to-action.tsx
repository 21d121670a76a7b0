import { Button, Group, type ButtonProps, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type CtaLink = { label: string; to: string };

/** A button of the band: full width on a phone. */
function CtaButton({
  link,
  ...props
}: { link: CtaLink } & Pick<ButtonProps, 'leftSection' | 'rightSection' | 'variant'>) {
  return (
    <Button component={Link} to={link.to} size="md" w={{ base: '100%', xs: 'auto' }} {...props}>
      {link.label}
    </Button>
  );
}

/** The closing band of a service page: an h2, a sentence, and one or two buttons. */
export function CallToAction({
  title,
  children,
  primary,
  secondary,
}: {
  title: string;
  children: ReactNode;
  primary: CtaLink;
  secondary?: CtaLink;
}) {
  return (
    <Stack
      component="section"
      aria-labelledby="call-to-action-heading"
      gap="sm"
      p={{ base: 'lg', md: 'xl' }}
      bg="navy.0"
      style={{ borderRadius: 12 }}
    >
      <Title order={2} id="call-to-action-heading" c="navy.9" fz={{ base: 22, md: 26 }}>
        {title}
      </Title>
      <Text c="gray.8">{children}</Text>
      <Group gap="sm" mt="xs">
        <CtaButton link={primary} leftSection={<IconMessageCircle size={18} aria-hidden />} />
        {secondary && (
          <CtaButton
            link={secondary}
            rightSection={<IconArrowRight size={18} aria-hidden />}
            variant="outline"
          />
        )}
      </Group>
    </Stack>
  );
}
