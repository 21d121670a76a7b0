import { describe, expect, it } from 'vitest';
import { sanitizeText, sanitizeUrl } from './logger.ts';

describe('log redaction', () => {
  it("keeps reset links and the spouse's signing link out of request URLs", () => {
    expect(sanitizeUrl('/resetpasswordlink/abc123?x=1')).toBe('/resetpasswordlink/[redacted]?x=[redacted]');
    expect(sanitizeUrl('/sign/s3cr3t-T0ken_value')).toBe('/sign/[redacted]');
    expect(sanitizeUrl('/user/sign/9b1c')).toBe('/user/sign/9b1c');
  });

  it('keeps them out of error text', () => {
    const text = sanitizeText('failed GET http://x/sign/s3cr3tToken and /resetpasswordlink/abc');
    expect(text).not.toContain('s3cr3tToken');
    expect(text).not.toContain('abc');
    expect(text).toContain('/sign/[redacted]');
  });
});
