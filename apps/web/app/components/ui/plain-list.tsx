import { Stack, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list (`ul`, or `ol` when the order means something) without bullets or indent, its items stacked by `gap`. */
export function PlainList({
  as = 'ul',
  children,
  ...props
}: { as?: 'ul' | 'ol'; children: ReactNode; 'aria-label'?: string } & Omit<StackProps, 'children'>) {
  return (
    <Stack component={as} p={0} m={0} style={{ listStyle: 'none' }} {...props}>
      {children}
    </Stack>
  );
}
