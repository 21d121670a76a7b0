import { Text } from '@mantine/core';
import { LinkedText } from '../../../components/ui/linked-text.tsx';

/** A message's words exactly as written (React text, safe links), its line breaks kept. */
export function MessageText({ body }: { body: string }) {
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <LinkedText text={body} />
    </Text>
  );
}
