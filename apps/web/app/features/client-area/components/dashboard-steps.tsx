import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { DASHBOARD_STEPS, dashboardStep, type FileStatus } from '@taxfirm/contract';
import { IconCheck } from '@tabler/icons-react';

/** The six steps of the filing (spec: "6-step process"), the current one marked from the file status. */
export function DashboardSteps({ status }: { status: FileStatus | null }) {
  const current = status ? dashboardStep(status) : null;
  return (
    <SimpleGrid
      component="ol"
      aria-label="Filing progress"
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {DASHBOARD_STEPS.map((label, index) => {
        const state =
          current === null
            ? 'upcoming'
            : index < current
              ? 'done'
              : index === current
                ? 'current'
                : 'upcoming';
        return (
          <Card
            key={label}
            component="li"
            withBorder
            radius="md"
            padding="md"
            aria-current={state === 'current' ? 'step' : undefined}
            bg={state === 'current' ? 'navy.0' : undefined}
            style={
              state === 'current' ? { borderColor: 'var(--mantine-color-navy-6)', borderWidth: 2 } : undefined
            }
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon
                radius="xl"
                size="lg"
                color={state === 'upcoming' ? 'gray.5' : 'navy'}
                variant={state === 'upcoming' ? 'light' : 'filled'}
                aria-hidden
              >
                {state === 'done' ? <IconCheck size={18} /> : <Text fw={700}>{index + 1}</Text>}
              </ThemeIcon>
              <div>
                <Text fw={600}>{label}</Text>
                <Text fz="sm" c="gray.7">
                  {state === 'done' ? 'Completed' : state === 'current' ? 'Current step' : 'Upcoming'}
                </Text>
              </div>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
