// npm run staff:create / db:migrate / …: a command-line tool, given as its source path. On a developer's
// machine (tsx installed) it runs from the source; a production install (`npm ci --omit=dev`, no tsx) runs
// the bundle `npm run build` made of it, apps/server/dist/<name>.js. From the source, NODE_ENV unset means
// development, said on stderr, like npm start; the bundle keeps NODE_ENV as given, so unset is production
// with every production check (F-02).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isDevelopmentInstall, ROOT } from './build-if-needed.mjs';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  process.stderr.write('usage: node scripts/run-cli.mjs <script> [args…]\n');
  process.exit(2);
}

const name = path.basename(script, path.extname(script));
const bundle = path.join(ROOT, 'apps/server/dist', `${name}.js`);
let command;
let env = process.env;
if (isDevelopmentInstall()) {
  command = ['--import', 'tsx', path.resolve(ROOT, script), ...args];
  if (!process.env.NODE_ENV) process.stderr.write(`(${name}: NODE_ENV=development)\n`);
  env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
} else if (existsSync(bundle)) {
  command = [bundle, ...args];
} else {
  process.stderr.write(
    `${name}: cannot run: tsx (a development dependency) is not installed and there is no build of it at\n` +
      `  ${path.relative(ROOT, bundle)}\n` +
      'Build first where the development dependencies are installed (npm ci && npm run build), then ship\n' +
      'apps/server/dist with the app, or install the development dependencies here (npm ci).\n',
  );
  process.exit(1);
}
const child = spawn(process.execPath, command, { cwd: ROOT, env, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
