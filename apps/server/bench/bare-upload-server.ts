/**
 * The bare reference for the upload bench, run as a child process: a Fastify route with @fastify/multipart
 * that streams each file of the request to disk as it arrives. No session, no CSRF, no checks of the type
 * or the size, no encryption, no database. Listens on PORT (127.0.0.1) and writes under UPLOAD_DIR.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

const port = Number(process.env['PORT'] ?? 0);
const dir = process.env['UPLOAD_DIR'];
if (!dir) throw new Error('UPLOAD_DIR is required');

const app = Fastify();
// The same file limit as the app's (strictly under 6 MB); the parser's default would be 1 MB.
await app.register(multipart, { limits: { fileSize: 6_291_455, files: 6 } });

app.post('/upload', async (request) => {
  let files = 0;
  for await (const part of request.parts()) {
    if (part.type === 'field') continue;
    await pipeline(part.file, createWriteStream(path.join(dir, randomUUID())));
    files += 1;
  }
  return { ok: true, files };
});
app.get('/readyz', async () => ({ ok: true }));

await app.listen({ port, host: '127.0.0.1' });
