// npm start: build when needed, then serve (migrations run at start-up). Prints the URL when ready.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, ROOT } from './build-if-needed.mjs';

buildIfNeeded();
const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
