import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type Props = {
  pending: boolean;
  /** What the button says while `pending`: the loader's name, or (with `busy="text"`) its text. */
  busyLabel: string;
  /** 'loader' (the default) spins a named loader; 'text' disables the button and shows `busyLabel`. */
  busy?: 'loader' | 'text';
  children: ReactNode;
} & Omit<ButtonProps, 'loading' | 'loaderProps' | 'children'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'type' | 'children'>;

/**
 * A form's submit button while its call runs: a loader named `busyLabel` for screen readers ('Saving',
 * 'Logging in'…), or with `busy="text"` the words themselves ('Submitting'). Every other Button prop passes
 * through (w, disabled, variant, onMouseDown…).
 */
export function SubmitButton({ pending, busyLabel, busy = 'loader', children, disabled, ...props }: Props) {
  if (busy === 'text') {
    return (
      <Button type="submit" disabled={pending || disabled} {...props}>
        {pending ? busyLabel : children}
      </Button>
    );
  }
  return (
    <Button
      type="submit"
      loading={pending}
      loaderProps={{ 'aria-label': busyLabel }}
      disabled={disabled}
      {...props}
    >
      {children}
    </Button>
  );
}
