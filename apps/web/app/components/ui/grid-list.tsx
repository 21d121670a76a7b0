import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list laid out as a grid of `cols` (`ul`, or `ol` when the order means something), without bullets or
 * indent: PlainList's grid twin, for cards and tiles.
 */
export function GridList({
  as = 'ul',
  children,
  ...props
}: { as?: 'ul' | 'ol'; children: ReactNode; 'aria-label'?: string } & Omit<SimpleGridProps, 'children'>) {
  return (
    <SimpleGrid component={as} p={0} m={0} style={{ listStyle: 'none' }} {...props}>
      {children}
    </SimpleGrid>
  );
}
