// Builds the app when a build output is missing or older than any source it is made from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const OUTPUTS = ['apps/web/build/server/index.js', 'apps/server/dist/server.js'];
const SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/contract/src',
  'packages/db/src',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/server/package.json',
  'packages/contract/package.json',
  'packages/db/package.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time changes when a file in it is added, removed or renamed.
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function isBuildStale() {
  const outputs = OUTPUTS.map((p) => path.join(ROOT, p));
  if (outputs.some((p) => !existsSync(p))) return true;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return SOURCES.some((p) => newestMtime(path.join(ROOT, p)) > built);
}

/**
 * Whether this is a developer's install (the development dependencies, and with them the build tools) rather
 * than a production one (`npm ci --omit=dev`), which runs the shipped build as it is.
 */
export function isDevelopmentInstall() {
  try {
    import.meta.resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

export function buildIfNeeded() {
  if (!isDevelopmentInstall()) {
    const missing = OUTPUTS.filter((p) => !existsSync(path.join(ROOT, p)));
    if (missing.length === 0) return;
    process.stderr.write(
      `The build is missing (${missing.join(', ')}) and this install has no build tools (npm ci --omit=dev).\n` +
        'Build where the development dependencies are installed (npm ci && npm run build) and ship the build.\n',
    );
    process.exit(1);
  }
  if (!isBuildStale()) return;
  process.stdout.write('Building the app (npm run build)…\n');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
