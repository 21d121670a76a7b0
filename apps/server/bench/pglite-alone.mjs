/**
 * PGlite's own share of the server's start-up and memory (bench/memory.ts): what the server does with the
 * embedded database before it listens, and nothing else. It opens PGlite on DATA_DIR/pglite with pg_trgm and
 * shared_buffers=16MB (as packages/db/src/client.ts does, with pglite-options.ts's parameters), runs the migrations check, then answers 200 on /readyz on PORT (a bare
 * node:http server, so the bench times it like the server). Plain JavaScript, so no loader is measured.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR is not set');
const migrationsFolder = fileURLToPath(new URL('../../../packages/db/migrations', import.meta.url));
const client = await PGlite.create({
  dataDir: path.join(dataDir, 'pglite'),
  extensions: { pg_trgm },
  // packages/db/src/pglite-options.ts (TypeScript, which this plain script does not load).
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
});
await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
const server = createServer((request, response) => {
  void client.query('select 1').then(
    () => response.writeHead(request.url === '/readyz' ? 200 : 404).end(),
    () => response.writeHead(503).end(),
  );
});
server.listen(Number(process.env['PORT']), process.env['HOST'] ?? '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void client.close().then(() => process.exit(0));
});
