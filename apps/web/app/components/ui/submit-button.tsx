import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's submit button: while `pending` it shows the loader, named `busyLabel` for screen readers
 * ('Saving', 'Logging in'…). Every other Button prop passes through (w, disabled, variant…).
 */
export function SubmitButton({
  pending,
  busyLabel,
  children,
  ...props
}: {
  pending: boolean;
  busyLabel: string;
  children: ReactNode;
} & Omit<ButtonProps, 'type' | 'loading' | 'loaderProps' | 'children'>) {
  return (
    <Button type="submit" loading={pending} loaderProps={{ 'aria-label': busyLabel }} {...props}>
      {children}
    </Button>
  );
}
