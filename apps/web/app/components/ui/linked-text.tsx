import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** A web address in running text: http(s) only, up to the next space or angle bracket or quote. */
const ADDRESS = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.example/a."). */
const TRAILING = /[.,;:!?)\]]+$/;

/** The address when it is a well-formed http(s) URL; null for anything else (javascript:, data:, junk). */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Someone's plain text (a message), shown as text with its web addresses as links. Never HTML: the text goes
 * to React as strings, so a `<script>` in it shows as those characters. Links open in a new tab without the
 * opener and without passing on the page's address.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const raw = match[0];
    const address = raw.replace(TRAILING, '');
    const href = safeHref(address);
    if (!href) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Anchor key={start} href={href} target="_blank" rel="noopener noreferrer nofollow" underline="always">
        {address}
      </Anchor>,
    );
    last = start + address.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
