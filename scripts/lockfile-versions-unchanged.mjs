// Fails when package-lock.json now resolves any package to another version than the committed one, i.e. when
// `npm install` had to change the lockfile to match package.json. Metadata-only rewrites (npm flips "dev" and
// "devOptional" flags between runs) are ignored. Used by .ci/run where `npm ci` cannot be.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const versions = (lock) =>
  Object.fromEntries(Object.entries(lock.packages ?? {}).map(([path, entry]) => [path, entry.version ?? '']));

const committed = versions(
  JSON.parse(execFileSync('git', ['show', 'HEAD:package-lock.json'], { encoding: 'utf8' })),
);
const current = versions(JSON.parse(readFileSync('package-lock.json', 'utf8')));

const changed = [...new Set([...Object.keys(committed), ...Object.keys(current)])].filter(
  (path) => committed[path] !== current[path],
);
if (changed.length > 0) {
  process.stderr.write(
    `package-lock.json is out of date with package.json; run npm install and commit it:\n`,
  );
  for (const path of changed.slice(0, 20)) {
    process.stderr.write(
      `  ${path || '(root)'}: ${committed[path] ?? 'absent'} -> ${current[path] ?? 'absent'}\n`,
    );
  }
  process.exit(1);
}
process.stdout.write('package-lock.json resolves the same versions as committed\n');
