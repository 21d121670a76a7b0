import { describe, expect, it } from 'vitest';
import { splitLinks } from './message-links.ts';

const joined = (text: string) =>
  splitLinks(text)
    .map((part) => part.text)
    .join('');

describe('splitLinks', () => {
  it('links http(s) addresses and leaves the sentence around them as text', () => {
    expect(splitLinks('Form here: https://www.irs.gov/forms/w-4. Thanks!')).toEqual([
      { kind: 'text', text: 'Form here: ' },
      { kind: 'link', text: 'https://www.irs.gov/forms/w-4', href: 'https://www.irs.gov/forms/w-4' },
      { kind: 'text', text: '. Thanks!' },
    ]);
    expect(splitLinks('(see http://example.com/a)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'http://example.com/a', href: 'http://example.com/a' },
      { kind: 'text', text: ')' },
    ]);
    expect(splitLinks('https://en.wikipedia.org/wiki/Form_(document)')[0]).toMatchObject({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Form_(document)',
    });
  });

  it('never links any other scheme: javascript:, data: and friends stay text', () => {
    for (const text of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://files.example.com/a',
      'https://',
    ]) {
      expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    }
    // An http address inside a javascript: "link" is linked on its own; the script stays words.
    const parts = splitLinks("javascript:fetch('https://evil.example/x')");
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.text)).toEqual(['https://evil.example/x']);
    expect(parts[0]).toEqual({ kind: 'text', text: "javascript:fetch('" });
  });

  it('keeps every character of the message, in order', () => {
    for (const text of [
      '',
      'plain words\nover two lines',
      'a https://a.example b http://b.example/c?d=1&e=2#f, c',
      '<b>bold</b> <a href="javascript:alert(1)">x</a> https://ok.example/"onmouseover="alert(1)',
    ]) {
      expect(joined(text)).toBe(text);
    }
  });
});
