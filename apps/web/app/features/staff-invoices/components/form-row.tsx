import { Fieldset, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One row of a form's list (an invoice's line, a price list's item): a fieldset named by `legend`, its fields
 * side by side, wrapping on a narrow screen.
 */
export function FormRow({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} p="sm">
      <Group align="flex-start" wrap="wrap" gap="sm">
        {children}
      </Group>
    </Fieldset>
  );
}
