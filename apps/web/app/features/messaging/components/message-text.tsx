import { Anchor, Text } from '@mantine/core';
import { splitLinks } from './message-links.ts';

/**
 * A message's words exactly as written: React text (so markup shows as the characters typed), line breaks
 * kept, and http(s) addresses as links that open apart from the portal and pass nothing back to it.
 */
export function MessageText({ body }: { body: string }) {
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {splitLinks(body).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            underline="always"
          >
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
