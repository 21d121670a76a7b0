import { describe, expect, it } from 'vitest';
import { pageUrl } from './web.ts';

describe('pageUrl', () => {
  it("keeps every page on the site's own origin, whatever the request path", () => {
    const origin = 'https://firm.example';
    expect(pageUrl('/contact-us?x=1', origin).href).toBe('https://firm.example/contact-us?x=1');
    expect(pageUrl('//evil.example/', origin).origin).toBe(origin);
    expect(pageUrl('/\\evil.example/', origin).origin).toBe(origin);
    expect(pageUrl('///\\\\evil.example/path', origin).href).toBe('https://firm.example/evil.example/path');
  });
});
