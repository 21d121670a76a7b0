// npm start: build when needed, then serve (migrations run at start-up). Prints the URL when ready.
// On a developer's machine (NODE_ENV unset) it runs in development mode, said so loudly; on a production
// install (npm ci --omit=dev), like the built server started any other way (`node apps/server/dist/server.js`),
// NODE_ENV unset means production (F-02).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, isDevelopmentInstall, ROOT } from './build-if-needed.mjs';

buildIfNeeded();
const nodeEnv = process.env.NODE_ENV || (isDevelopmentInstall() ? 'development' : 'production');
if (nodeEnv === 'development') {
  process.stdout.write(
    '\n  npm start: NODE_ENV=development (generated secrets, test payments, e-mails at /dev/mail on this machine).\n' +
      '  For a real site run NODE_ENV=production npm start, with the settings docs/operations.md lists.\n\n',
  );
}
const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: nodeEnv },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
