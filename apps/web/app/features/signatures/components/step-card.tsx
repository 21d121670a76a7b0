/** The pieces of the signing steps: one numbered step, and one file to read. */
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function StepCard({
  number,
  title,
  done,
  children,
}: {
  number: number;
  title: string;
  done: boolean;
  children: ReactNode;
}) {
  const headingId = `sign-step-${number}`;
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Title order={2} fz="lg" id={headingId}>
            {number}. {title}
          </Title>
          {done && (
            <Badge
              color="green.9"
              c="dark.9"
              variant="outline"
              leftSection={<IconCircleCheck size={14} aria-hidden />}
            >
              Done
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** One file to read: a button that asks for the link (and opens it), then the link itself to tap. */
export function ReadLink({
  label,
  linkText,
  isOpened,
  url,
  pending,
  onOpen,
}: {
  label: string;
  linkText: string;
  isOpened: boolean;
  url: string | undefined;
  pending: boolean;
  onOpen: () => void;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        variant={isOpened ? 'default' : 'filled'}
        onClick={onOpen}
        loading={pending}
        loaderProps={{ 'aria-label': 'Getting the link' }}
      >
        {label}
      </Button>
      {url && (
        <Anchor
          href={url}
          target="_blank"
          rel="noopener"
          underline="always"
          style={{ overflowWrap: 'anywhere' }}
        >
          {linkText}
        </Anchor>
      )}
      {isOpened && (
        <Text fz="sm" fw={600} c="dark.9">
          Opened
        </Text>
      )}
    </Group>
  );
}
