import { Card, Stack, ThemeIcon, Title, type ThemeIconProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A bordered card in a public page's list (a role, a gift): an h3 led by its icon, then the card's text.
 * `iconVariant` is the icon badge's Mantine variant (filled by default, `light` for a quieter list).
 */
export function IconTitleCard({
  icon: CardIcon,
  title,
  iconVariant,
  children,
}: {
  icon: Icon;
  title: ReactNode;
  iconVariant?: ThemeIconProps['variant'];
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Title order={3} fz="md" c="navy.9" style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
          <ThemeIcon variant={iconVariant} radius="md" size={28} aria-hidden>
            <CardIcon size={18} />
          </ThemeIcon>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
