import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { deliverableName, dueDateOf } from '@taxfirm/contract';
import { formatDay } from '../../../lib/dates.ts';
import { useDeliverables } from '../api/deliverables.ts';

/**
 * "Your deadlines", on the dashboard (issue 35): what the firm files for the client this tax year, each due
 * date, and which wait on the client. An extension of the federal return is explained in plain words. Nothing
 * while there is nothing to show (a cancelled filing, or the list cannot be read).
 */
export function DeadlinesCard() {
  const query = useDeliverables();
  if (!query.data || query.data.deliverables.length === 0) return null;
  const { tax_year: taxYear, deliverables } = query.data;
  const federal = deliverables.find((d) => d.kind === 'federal');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="deadlines">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="deadlines">
          Your deadlines for {taxYear}
        </Title>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {/* Two of a kind can share a name (two amended returns): the list's order is the key. */}
          {deliverables.map((d, index) => (
            <Group component="li" key={index} justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>{deliverableName(d)}</Text>
                <Text fz="sm" c="gray.8">
                  {d.due_on ? `Due ${formatDay(d.due_on)}` : 'No due date'}
                  {d.extended && ' (extended)'}
                </Text>
              </div>
              {d.done ? (
                <Badge color="green" c="dark.7" variant="light">
                  Filed
                </Badge>
              ) : d.waiting_on_you ? (
                <Badge color="orange" c="dark.7" variant="light">
                  We need something from you
                </Badge>
              ) : (
                <Badge color="gray" c="dark.7" variant="light">
                  We are working on it
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
        {federal?.extended && federal.due_on && (
          <Text fz="sm">
            We filed an extension for your federal return, so it is now due {formatDay(federal.due_on)}. An
            extension gives more time to file, not to pay: any tax you owe is due by{' '}
            {formatDay(dueDateOf('federal', taxYear) ?? '')}.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
