// npm run staff:create / db:migrate: a command-line tool from the source, on a developer's machine. Like
// npm start, NODE_ENV unset means development here (said so on stderr); the tools run any other way without
// NODE_ENV are in production, with every production check (F-02).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './build-if-needed.mjs';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  process.stderr.write('usage: node scripts/run-cli.mjs <script> [args…]\n');
  process.exit(2);
}
const nodeEnv = process.env.NODE_ENV || 'development';
if (!process.env.NODE_ENV) process.stderr.write(`(${path.basename(script)}: NODE_ENV=development)\n`);
const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(ROOT, script), ...args], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: nodeEnv },
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
