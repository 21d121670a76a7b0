import { describe, expect, it } from 'vitest';
import { isApiPath } from '../../lib/request-path.ts';
import { isApiUrl } from './api-url.ts';

describe('isApiUrl', () => {
  it('decides every URL as isApiPath does, shortcut or not', () => {
    for (const url of [
      '/api/settings/getsettings',
      '/api/x?next=//evil.example',
      '/api',
      '/api?x=1',
      '/apix',
      '/api-docs',
      '//api/x',
      '/%61pi/x',
      '/api/%zz',
      '/api//x',
      '/',
      '/sign/abc',
      '/assets/app.js',
      '/ap%69/x?y=%2F',
    ]) {
      expect(isApiUrl(url), url).toBe(isApiPath(url));
    }
  });
});
