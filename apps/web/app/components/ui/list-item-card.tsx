import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { arrivedProps, useArrivalFocus } from './use-arrival-focus.ts';

/**
 * One bordered item of a list of cards (a document to sign, an invoice), named by its heading; the one a link
 * into the page names (`?focus=`) scrolls into view, takes the focus and is outlined.
 */
export function ListItemCard({
  labelledBy,
  focused = false,
  children,
}: {
  labelledBy: string;
  focused?: boolean;
  children: ReactNode;
}) {
  const arrival = useArrivalFocus<HTMLLIElement>(focused);
  return (
    <Card
      component="li"
      ref={arrival}
      {...arrivedProps(focused)}
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={labelledBy}
    >
      {children}
    </Card>
  );
}
