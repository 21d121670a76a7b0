import { Accordion, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One saved thing in a FormAccordion: its key, its title (with an optional badge) and its form. */
export type FormAccordionEntry = { value: string; title: ReactNode; badge?: ReactNode; form: ReactNode };

/**
 * A settings list of saved things (templates, canned replies), one closed accordion item each: its title, and
 * a badge beside it when it is given one (null shows none), opens its edit form.
 */
export function FormAccordion({ entries }: { entries: readonly FormAccordionEntry[] }) {
  return (
    <Accordion variant="separated" chevronPosition="left">
      {entries.map(({ value, title, badge, form }) => {
        const heading = <Text fw={600}>{title}</Text>;
        return (
          <Accordion.Item key={value} value={value}>
            <Accordion.Control>
              {badge === undefined ? (
                heading
              ) : (
                <Group gap="xs">
                  {heading}
                  {badge}
                </Group>
              )}
            </Accordion.Control>
            <Accordion.Panel>{form}</Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
