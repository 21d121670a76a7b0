import { Alert, Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRequests } from '../api/requests.ts';
import { checklistHeadline } from './checklist-headline.ts';

/** The dashboard's first card: the checklist's state in one line and the way to it. */
export function ChecklistCard() {
  const requests = useRequests();
  const data = requests.data;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="checklist-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz="lg" id="checklist-card">
            {data ? checklistHeadline(data.progress, data.tax_year) : 'Your document checklist'}
          </Title>
          {data && data.progress.required > 0 && (
            <Text fz="sm" c="gray.8">
              {data.progress.accepted} of {data.progress.required} accepted
            </Text>
          )}
        </div>
        <Button component={Link} to={paths.user.checklist.getHref()}>
          Open your checklist
        </Button>
      </Group>
      {requests.isPending && <Loader size="sm" role="status" aria-label="Loading your checklist" />}
      {requests.error && !data && (
        <Alert color="red" role="alert" mt="sm">
          {errorMessage(requests.error)}
        </Alert>
      )}
    </Card>
  );
}
