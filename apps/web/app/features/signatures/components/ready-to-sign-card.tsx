import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignatures } from '../api/signatures.ts';
import { isMineToSign } from './signer-state.ts';

/**
 * "Ready to sign", on the dashboard and at the top of the checklist: the documents waiting on the client's
 * signature, each with Sign now. Nothing while there are none (or the list cannot be read).
 */
export function ReadyToSignCard() {
  const list = useSignatures();
  const toSign = list.data?.documents.filter(isMineToSign) ?? [];
  if (!list.data || list.data.to_sign === 0 || toSign.length === 0) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="ready-to-sign"
      style={{ borderColor: 'var(--mantine-color-navy-6)', borderWidth: 2 }}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="ready-to-sign">
          Ready to sign
        </Title>
        <Text fz="sm">
          {toSign.length === 1
            ? 'A document is waiting for your signature.'
            : `${toSign.length} documents are waiting for your signature.`}
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {toSign.map((document) => (
            <Group component="li" key={document.document_id} justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>{document.title}</Text>
              <Button
                component={Link}
                to={paths.user.signDocument.getHref(document.document_id)}
                size="compact-md"
                aria-label={`Sign now: ${document.title}`}
              >
                Sign now
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
