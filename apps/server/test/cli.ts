import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root: the command-line tools run from there, as `npm run` runs them. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Run one of the server's command-line tools (`apps/server/src/cli/<script>`) from the source, as an operator
 * would on a developer's machine, against `dataDir`. Without NODE_ENV the tools are in production and require
 * real secrets (F-02).
 */
export function runCli(script: string, dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${script}`, ...args], {
    cwd: REPO_ROOT,
    env: { NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** `npm run staff:create`'s arguments for Ada Shah, the firm's first admin. */
export const ADA_ADMIN_ARGS = Object.entries({
  email: 'ada@firm.example',
  role: 'admin',
  'first-name': 'Ada',
  'last-name': 'Shah',
}).flatMap(([flag, value]) => [`--${flag}`, value]);
