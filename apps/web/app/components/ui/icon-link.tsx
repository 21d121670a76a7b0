import { Anchor, Group, type AnchorProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/** An underlined link with an icon before its text (Download, Preview); the icon is hidden from readers. */
export function IconLink({
  icon: LinkIcon,
  iconSize = 14,
  children,
  ...props
}: AnchorProps &
  Omit<ComponentPropsWithoutRef<'a'>, 'color' | 'style'> & {
    icon: Icon;
    iconSize?: number;
    children: ReactNode;
  }) {
  return (
    <Anchor underline="always" {...props}>
      <Group gap={4} wrap="nowrap" component="span">
        <LinkIcon size={iconSize} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}
