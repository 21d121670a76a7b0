import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's message that belongs to no one field (a list's "add at least one line", a group's choice): red text
 * announced as an alert, under the group it is about. Nothing without a message.
 */
export function FieldGroupError({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <Text c="red.8" fz="sm" role="alert">
      {message}
    </Text>
  );
}
