// Writes .br and .gz beside every compressible file of the web client build, so the server sends compressed
// assets without compressing on each request (@fastify/static's preCompressed option picks them).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const CLIENT_DIR = fileURLToPath(new URL('../apps/web/build/client', import.meta.url));
const COMPRESSIBLE = /\.(js|css|svg|txt|json|map|html)$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

let count = 0;
for (const file of walk(CLIENT_DIR)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
}
process.stdout.write(`precompressed ${count} files\n`);
