// Bundles the server, the files sandbox's child process (src/sandbox-child.ts, which lib/files/sandbox.ts
// forks from dist/sandbox-child.js) and every command-line tool (each file directly in src/cli/, tests aside)
// into dist/<name>.js, so that a production install (`npm ci --omit=dev`, no tsx) runs them all with plain node.
// Workspace packages (TypeScript source) are compiled in; npm dependencies stay external and load from
// node_modules. Shared code goes into chunks beside the entries: dist/ stays flat, because src/paths.ts finds
// the migrations and the web build relative to whichever file of dist/ it ends up in.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter(
  (name) => !name.startsWith('@taxfirm/'),
);

const cliEntries = readdirSync('src/cli', { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
  .map((entry) => path.join('src/cli', entry.name));

// A chunk left from an earlier build would never be cleaned up otherwise.
rmSync('dist', { recursive: true, force: true });

const result = await build({
  entryPoints: ['src/server.ts', 'src/sandbox-child.ts', ...cliEntries],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'vite', '@electric-sql/pglite', 'drizzle-orm', 'pg', 'zod', 'react-router'],
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  metafile: true,
  logLevel: 'warning',
});

// A development dependency is not installed in production: an import of one would only fail there, at run
// time. `vite` is the exception: the server imports it in development mode only (`--dev`).
const DEV_ONLY_IMPORTS = new Set(['vite']);
const production = new Set(Object.keys(pkg.dependencies ?? {}));
const problems = [];
for (const [output, { imports }] of Object.entries(result.metafile.outputs)) {
  for (const { path: specifier, external: isExternal } of imports) {
    if (!isExternal || specifier.startsWith('node:')) continue;
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    if (!production.has(name) && !DEV_ONLY_IMPORTS.has(name)) problems.push(`${output} imports ${specifier}`);
  }
}
if (problems.length > 0) {
  process.stderr.write(
    `The server bundle imports packages that are not dependencies of @taxfirm/server, so a production install\n` +
      `(npm ci --omit=dev) would not have them. Add them to apps/server/package.json "dependencies":\n` +
      problems.map((line) => `  ${line}\n`).join(''),
  );
  process.exit(1);
}

// What only some requests or one engine need is loaded at first use, not at start-up (issue 39: the embedded
// server's start-up and idle memory, docs/benchmarks.md). A static import of one of these from anything the
// server loads at start would undo that silently: the build refuses it.
const LOADED_AT_FIRST_USE = [
  'pg',
  'drizzle-orm/node-postgres',
  '@aws-sdk/client-s3',
  'nodemailer',
  'pdf-lib',
  'otplib',
  'qrcode',
  'file-type',
  '@zxcvbn-ts/language-common',
  'age-encryption',
];
const startClosure = new Set();
const loadedAtStart = [];
const visit = (output) => {
  if (startClosure.has(output)) return;
  startClosure.add(output);
  for (const { path: specifier, kind } of result.metafile.outputs[output]?.imports ?? []) {
    if (kind !== 'import-statement') continue;
    if (result.metafile.outputs[specifier]) visit(specifier);
    else if (LOADED_AT_FIRST_USE.includes(specifier)) loadedAtStart.push(`${output} imports ${specifier}`);
  }
};
visit('dist/server.js');
if (loadedAtStart.length > 0) {
  process.stderr.write(
    `The server loads at start-up what it should load at first use (import() it where it is used):\n` +
      loadedAtStart.map((line) => `  ${line}\n`).join(''),
  );
  process.exit(1);
}
