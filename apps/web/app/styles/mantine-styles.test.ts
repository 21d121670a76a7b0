// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('..', import.meta.url));
const STYLES = path.join(path.dirname(fileURLToPath(import.meta.resolve('@mantine/core'))), '..', 'styles');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every name the app imports from @mantine/core. */
function importedFromMantine(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(APP)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g,
    )) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(' as ')[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

describe('Mantine styles (styles/mantine.css)', () => {
  const css = readFileSync(path.join(APP, 'styles/mantine.css'), 'utf8');
  const imported = new Set([...css.matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map((m) => m[1]));

  it('imports the styles of every Mantine component the app uses', () => {
    const withStyles = [...importedFromMantine()].filter((name) => {
      try {
        readFileSync(path.join(STYLES, `${name}.css`));
        return true;
      } catch {
        return false;
      }
    });
    expect(withStyles.length).toBeGreaterThan(10);
    expect(withStyles.filter((name) => !imported.has(name))).toEqual([]);
  });

  it("keeps the order of Mantine's full styles.css, so later rules still win", () => {
    const full = readFileSync(path.join(STYLES, '..', 'styles.css'), 'utf8');
    const position = (name: string) => {
      const own = readFileSync(path.join(STYLES, `${name}.css`), 'utf8');
      const firstClass = /\.m_[0-9a-f]{8}/.exec(own)?.[0] ?? own.trim().slice(0, 60);
      return full.indexOf(firstClass);
    };
    const positions = [...imported].map((name) => ({ name, at: position(name ?? '') }));
    expect(positions.every((p) => p.at >= 0)).toBe(true);
    expect(positions.map((p) => p.name)).toEqual(
      [...positions].sort((a, b) => a.at - b.at).map((p) => p.name),
    );
  });

  it('imports only files that exist', () => {
    for (const name of imported) {
      expect(() => readFileSync(path.join(STYLES, `${name}.css`)), name).not.toThrow();
    }
  });
});
