import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { ORGANIZER_STATE_LABELS } from '@taxfirm/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useOrganizer } from '../api/organizer.ts';

/**
 * The dashboard's organizer card: how far the client is, and the way in (Start, Continue); once sent, a link to
 * review the answers. Nothing while the organizer cannot be read (no file this year).
 */
export function OrganizerCard() {
  const query = useOrganizer();
  if (!query.data) return null;
  const { tax_year: taxYear, state, progress } = query.data.organizer;
  const href = paths.user.organizer.getHref();
  if (state === 'sent') {
    return (
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="organizer-card">
        <Title order={2} fz="lg" id="organizer-card">
          Your {taxYear} organizer
        </Title>
        <Text fz="sm" c="gray.8">
          Organizer sent.{' '}
          <Anchor component={Link} to={href} fz="sm" underline="always">
            Review your answers
          </Anchor>
        </Text>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="organizer-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz="lg" id="organizer-card">
            Your {taxYear} organizer
          </Title>
          <Text fz="sm" c="gray.8">
            {state === 'not_started'
              ? `${ORGANIZER_STATE_LABELS.not_started}: a few questions about your year decide which documents we ask for.`
              : `${ORGANIZER_STATE_LABELS.in_progress} (${progress.done} of ${progress.total} sections)`}
          </Text>
        </div>
        <Button component={Link} to={href}>
          {state === 'not_started' ? 'Start' : 'Continue'}
        </Button>
      </Group>
    </Card>
  );
}
