import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A compact button acting on one row of a table; `label` names the row for screen readers ("Delete W-2"). */
export function RowAction({
  label,
  onClick,
  children,
  variant = 'default',
  color,
}: { label: string; onClick: () => void; children: ReactNode } & Pick<ButtonProps, 'variant' | 'color'>) {
  return (
    <Button size="compact-sm" variant={variant} color={color} aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}
