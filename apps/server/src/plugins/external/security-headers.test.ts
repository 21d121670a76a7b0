import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.ts';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(' ')[0] === name);

describe('content security policy', () => {
  it("F-18: a page's style elements need its nonce; only style attributes may be inline", () => {
    const csp = contentSecurityPolicy('n0nce', true);
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'nonce-n0nce'");
    expect(directive(csp, 'style-src-attr')).toBe("style-src-attr 'unsafe-inline'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-n0nce'");
  });

  it('answers without a page (API, files) allow no inline script', () => {
    const csp = contentSecurityPolicy(null, true);
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'style-src-attr')).toBeUndefined();
  });
});
