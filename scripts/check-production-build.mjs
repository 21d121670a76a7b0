// Proves that the build runs alone, as a deploy would run it: copies what a deploy ships (the built outputs,
// the package files, the migrations, the npm scripts' runners) to a temporary folder, installs production
// dependencies only (`npm ci --omit=dev`), checks that no development package came along, then, against a
// fresh PostgreSQL database on TEST_DATABASE_URL's server and with production settings, runs
// `npm run db:migrate`, `npm run staff:create`, the other operator tools and the server,
// and reads /readyz and the home page. It also runs one job in the files sandbox's child process as the
// server forks it (apps/server/dist/sandbox-child.js, capped): a HEIC photo converted to JPEG and a locked
// PDF recognised, so a missing bundle or a decoder missing from the production install fails here.
// Run after `npm run build`; exits non-zero on any failure.
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { ROOT } from './build-if-needed.mjs';

/** What a deploy ships besides node_modules (the Dockerfile copies the same). */
const SHIPPED = [
  'package.json',
  'package-lock.json',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/web/package.json',
  'apps/web/build',
  'packages/contract/package.json',
  'packages/db/package.json',
  'packages/db/migrations',
  'e2e/package.json',
  'scripts/run-cli.mjs',
  'scripts/build-if-needed.mjs',
  'scripts/start.mjs',
];
/**
 * Development packages that a production install must not have (each would mean a wrong dependency).
 * TypeScript is not among them: npm installs it as an optional peer of @react-router/node (and valibot).
 */
const DEV_PACKAGES = ['tsx', 'vitest', 'vite', 'esbuild', 'drizzle-kit', '@react-router/dev'];
const PACKAGE_FOLDERS = ['.', 'apps/server', 'apps/web', 'packages/db', 'packages/contract', 'e2e'];

class CheckFailed extends Error {}

function step(title) {
  process.stdout.write(`\n-- ${title}\n`);
}

/** The staff set-up link is a credential, even on a throwaway database: never printed. */
const redact = (text) => text.replace(/https?:\/\/\S+/g, '<link>');

function run(command, args, { cwd, env, expectStatus = 0 }) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== expectStatus) {
    throw new CheckFailed(
      `${command} ${args.join(' ')} exited with ${result.status ?? result.signal} (expected ${expectStatus})\n` +
        `stdout:\n${redact(result.stdout)}\nstderr:\n${redact(result.stderr)}`,
    );
  }
  return result;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startSmtpServer() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(true);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, close: () => new Promise((r) => server.close(r)) };
}

async function waitForReady(url, server) {
  // A bound on waiting for start-up (migrations included), not a measurement.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new CheckFailed(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new CheckFailed(`${url} did not answer 200 within 90 seconds`);
}

/**
 * One job in the files sandbox's child, started as lib/files/sandbox.ts starts it (advanced serialization,
 * a memory cap), from the production install in `app`; answers the job's reply.
 */
function sandboxJob(app, name, payload) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(app, 'apps/server/dist/sandbox-child.js'), [], {
      cwd: app,
      execArgv: ['--max-old-space-size=256', '--wasm-max-mem-pages=6144', '--expose-gc'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('message', (reply) => {
      // The child says it has loaded ({ ready: true }) before it answers the job.
      if (reply.ready) return;
      clearTimeout(timer);
      child.disconnect();
      resolve(reply);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // After an answer, the child's exit (it leaves when the channel closes) settles nothing.
      reject(new CheckFailed(`the sandbox child exited (${code ?? signal}) before answering:\n${stderr}`));
    });
    child.send({ id: 1, name, payload });
  });
}

/** A one-page PDF with a correct cross-reference table, written by hand (no pdf-lib in this script). */
function onePagePdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = text.length;
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) text += `${String(at).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

async function main() {
  for (const output of [
    'apps/server/dist/server.js',
    'apps/server/dist/sandbox-child.js',
    'apps/web/build/server/index.js',
  ]) {
    if (!existsSync(path.join(ROOT, output)))
      throw new CheckFailed(`${output} is missing: run npm run build first`);
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const work = mkdtempSync(path.join(tmpdir(), 'taxfirm-deploy-'));
  const app = path.join(work, 'app');
  const database = `taxfirm_deploy_check_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let isAdminConnected = false;
  let smtp;
  let server;
  let serverLog = '';
  try {
    step(`copying what a deploy ships to ${app}`);
    for (const entry of SHIPPED) {
      const from = path.join(ROOT, entry);
      if (!existsSync(from)) throw new CheckFailed(`${entry} is missing`);
      mkdirSync(path.dirname(path.join(app, entry)), { recursive: true });
      cpSync(from, path.join(app, entry), { recursive: true });
    }

    step('npm ci --omit=dev');
    const install = run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: app,
      env: process.env,
    });
    const installOutput = install.stdout + install.stderr;
    if (/not yet covered by allowScripts/.test(installOutput)) {
      throw new CheckFailed(
        `npm ci warned about install scripts allowScripts does not cover:\n${installOutput}`,
      );
    }
    process.stdout.write(install.stdout.trim().split('\n').at(-1) + '\n');
    const present = PACKAGE_FOLDERS.flatMap((folder) =>
      DEV_PACKAGES.filter((name) => existsSync(path.join(app, folder, 'node_modules', name))).map((name) =>
        path.join(folder, 'node_modules', name),
      ),
    );
    if (present.length > 0)
      throw new CheckFailed(`development packages were installed:\n  ${present.join('\n  ')}`);
    process.stdout.write(`none of ${DEV_PACKAGES.join(', ')} is installed\n`);

    step(`a fresh PostgreSQL database (${database}) and an SMTP server`);
    await admin.connect();
    isAdminConnected = true;
    await admin.query(`create database ${database}`);
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;
    smtp = await startSmtpServer();
    const port = await freePort();
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: 'https://portal.firm.example',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: databaseUrl.href,
      ENCRYPTION_KEY: randomBytes(48).toString('base64'),
      SESSION_SECRET: randomBytes(48).toString('base64'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SMTP_ALLOW_PLAINTEXT: '1',
      MAIL_FROM: 'no-reply@firm.example',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_deploycheck0001',
      RAZORPAY_KEY_SECRET: randomBytes(24).toString('hex'),
      RAZORPAY_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
      TRUST_PROXY: '0',
      LOG_LEVEL: 'warn',
    };

    step('the files sandbox: a HEIC photo to JPEG and a locked PDF, in dist/sandbox-child.js');
    const heic = readFileSync(path.join(ROOT, 'apps/server/test/fixtures/photo.heic'));
    const converted = await sandboxJob(app, 'heic-to-jpeg', heic);
    if (!converted.ok || Buffer.from(converted.result).subarray(0, 3).toString('hex') !== 'ffd8ff') {
      throw new CheckFailed(
        `the sandbox did not convert the HEIC photo: ${JSON.stringify(converted).slice(0, 200)}`,
      );
    }
    const minimalPdf = onePagePdf();
    const locked = await sandboxJob(app, 'qpdf', {
      input: minimalPdf,
      args: ['/in.pdf', '--encrypt', 'user-pw', 'owner-pw', '256', '--', '/out.pdf'],
      wantOutput: true,
    });
    const lockedBytes = locked.ok && locked.result.output ? Buffer.from(locked.result.output) : null;
    const asked = lockedBytes
      ? await sandboxJob(app, 'qpdf', {
          input: lockedBytes,
          args: ['--is-encrypted', '/in.pdf'],
          wantOutput: false,
        })
      : null;
    if (!asked?.ok || asked.result.code === 0 || !/invalid password/i.test(asked.result.messages)) {
      throw new CheckFailed(`the sandbox's qpdf did not lock and recognise a PDF: ${JSON.stringify(asked)}`);
    }
    process.stdout.write(
      `HEIC → JPEG (${converted.result.length} bytes) and a locked PDF recognised, in the sandbox's child\n`,
    );

    step('npm run db:migrate and npm start keep production when NODE_ENV is unset (F-02)');
    for (const script of ['db:migrate', 'start']) {
      const unset = run('npm', ['run', '--silent', script], {
        cwd: app,
        env: { PATH: env.PATH, HOME: env.HOME, DATA_DIR: env.DATA_DIR },
        expectStatus: 1,
      });
      if (
        !unset.stderr.includes('ENCRYPTION_KEY: is required in production') ||
        /\bat .+:\d+:\d+/.test(unset.stderr)
      ) {
        throw new CheckFailed(`${script} without NODE_ENV did not refuse as production:\n${unset.stderr}`);
      }
      process.stdout.write(`${script} refused: ENCRYPTION_KEY: is required in production\n`);
    }

    step('npm run db:migrate');
    const migrated = run('npm', ['run', '--silent', 'db:migrate'], { cwd: app, env });
    if (!migrated.stdout.includes('Database is up to date (postgres).')) {
      throw new CheckFailed(`db:migrate did not say the database is up to date:\n${migrated.stdout}`);
    }
    process.stdout.write(migrated.stdout);

    step('npm run staff:create');
    const created = run(
      'npm',
      [
        'run',
        '--silent',
        'staff:create',
        '--',
        '--email',
        'ada@firm.example',
        '--role',
        'admin',
        '--first-name',
        'Ada',
        '--last-name',
        'Shah',
      ],
      { cwd: app, env },
    );
    if (
      !/Created admin ada@firm\.example\.[\s\S]*Set-up link[\s\S]*https:\/\/portal\.firm\.example\//.test(
        created.stdout,
      )
    ) {
      throw new CheckFailed(`staff:create printed no set-up link:\n${redact(created.stdout)}`);
    }
    process.stdout.write('Created admin ada@firm.example, with a set-up link (not shown)\n');

    // The other operator tools run from the build too (docs/operations.md): key rotation with a retired key
    // listed, the audit chain's proof, and ending every session.
    step('npm run keys:rotate, audit:verify, sessions:revoke');
    const rotated = run('npm', ['run', '--silent', 'keys:rotate'], {
      cwd: app,
      env: { ...env, ENCRYPTION_KEY_PREVIOUS: randomBytes(36).toString('base64') },
    });
    if (!/Summary:/.test(rotated.stdout)) {
      throw new CheckFailed(`keys:rotate printed no summary:\n${rotated.stdout}`);
    }
    const verified = run('npm', ['run', '--silent', 'audit:verify'], { cwd: app, env });
    if (!/Chain: unbroken\./.test(verified.stdout)) {
      throw new CheckFailed(`audit:verify did not prove the chain:\n${verified.stdout}`);
    }
    const revoked = run('npm', ['run', '--silent', 'sessions:revoke', '--', '--all'], { cwd: app, env });
    if (!/^Ended \d+ sessions? \(all\)\.$/m.test(revoked.stdout)) {
      throw new CheckFailed(`sessions:revoke did not end the sessions:\n${revoked.stdout}`);
    }
    process.stdout.write('keys:rotate, audit:verify and sessions:revoke ran from the build\n');

    step('node apps/server/dist/server.js');
    server = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: app, env });
    server.stdout.on('data', (chunk) => (serverLog += chunk));
    server.stderr.on('data', (chunk) => (serverLog += chunk));
    const base = `http://127.0.0.1:${port}`;
    await waitForReady(`${base}/readyz`, server);
    process.stdout.write('GET /readyz: 200\n');
    const home = await fetch(`${base}/`);
    const html = await home.text();
    if (
      home.status !== 200 ||
      !/^<!DOCTYPE html>/i.test(html) ||
      !/<h1[\s>]/.test(html) ||
      !html.includes('</html>')
    ) {
      throw new CheckFailed(
        `GET / answered ${home.status}, not the rendered home page:\n${html.slice(0, 500)}`,
      );
    }
    const asset = html.match(/\/assets\/[\w.-]+\.(?:js|css)/)?.[0];
    const assetResponse = asset ? await fetch(`${base}${asset}`) : undefined;
    if (assetResponse?.status !== 200) throw new CheckFailed(`the page's asset ${asset} did not load`);
    process.stdout.write(
      `GET /: 200, ${html.length} characters of server-rendered HTML; GET ${asset}: 200\n`,
    );

    server.kill('SIGTERM');
    const code = await new Promise((resolve) => server.once('exit', (exitCode) => resolve(exitCode)));
    if (code !== 0) throw new CheckFailed(`the server exited with ${code} after SIGTERM`);
    server = undefined;
    process.stdout.write('stopped on SIGTERM with status 0\n');
  } catch (error) {
    if (serverLog) process.stderr.write(`server output:\n${redact(serverLog)}\n`);
    throw error;
  } finally {
    if (server) server.kill('SIGKILL');
    await smtp?.close();
    if (isAdminConnected) {
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
      await admin.end();
    }
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.stdout.write('\nThe production build runs alone.\n'),
  (error) => {
    process.stderr.write(
      `\nProduction build check failed: ${error instanceof CheckFailed ? error.message : error?.stack}\n`,
    );
    process.exit(1);
  },
);
