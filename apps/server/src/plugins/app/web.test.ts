import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageUrl, readIslandsScript } from './web.ts';

describe('pageUrl', () => {
  it("keeps every page on the site's own origin, whatever the request path", () => {
    const origin = 'https://firm.example';
    expect(pageUrl('/contact-us?x=1', origin).href).toBe('https://firm.example/contact-us?x=1');
    expect(pageUrl('//evil.example/', origin).origin).toBe(origin);
    expect(pageUrl('/\\evil.example/', origin).origin).toBe(origin);
    expect(pageUrl('///\\\\evil.example/path', origin).href).toBe('https://firm.example/evil.example/path');
  });
});

describe('readIslandsScript', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const clientDir = (manifest: unknown) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'islands-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'islands-manifest.json'), JSON.stringify(manifest));
    return dir;
  };

  it("answers the built islands entry's URL from the islands manifest", () => {
    const dir = clientDir({ 'app/islands/main.ts': { file: 'assets/islands-AbC123.js', isEntry: true } });
    expect(readIslandsScript(dir)).toBe('/assets/islands-AbC123.js');
  });

  it('refuses to start on a build without the islands entry', () => {
    const dir = clientDir({ 'app/other.ts': { file: 'assets/other.js' } });
    expect(() => readIslandsScript(dir)).toThrow(/no islands entry/);
  });
});
