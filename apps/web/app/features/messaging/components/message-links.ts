/** A message's text in pieces: plain text, and web addresses safe to link to. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Candidates only: http(s) addresses up to the next space (anything else, `javascript:` included, stays text). */
const URL_CANDIDATE = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than an address ("see https://irs.gov."). */
const TRAILING = /[.,;:!?'"\]}]+$/;

/** The candidate without the sentence's punctuation; a closing bracket stays when the address opened one. */
function trimAddress(candidate: string): string {
  let address = candidate.replace(TRAILING, '');
  while (address.endsWith(')') && !address.includes('('))
    address = address.slice(0, -1).replace(TRAILING, '');
  return address;
}

/** The address as a link target, or null unless it parses as http(s) with a host. */
function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** Split a message's plain text into text and links; joined back, the parts' texts are the message. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let from = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    if (!href) continue;
    plain += text.slice(from, match.index);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', text: address, href });
    from = match.index + address.length;
  }
  plain += text.slice(from);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
