/**
 * `BENCH_ONLY=sandbox npm run bench`: the files sandbox (lib/files/sandbox.ts; security review 2, S2-01..03).
 *
 * The app in this process (test/helpers.ts' app on a fresh PostgreSQL database, dropped after; local
 * encrypted storage; the sandbox's defaults unless SANDBOX_PROCESSES is set), listening on a port; requests
 * go over HTTP.
 *   Photos: 20 clients each send one 12-megapixel HEIC photo to account/requests/upload, all at once, while
 *     another client reads its profile (user/taxpayerinfo) one request after another; the reader's p50/p99
 *     (budget: p99 ≤ 100 ms), the event loop's delay (monitorEventLoopDelay) and the server's RSS.
 *   Bombs: the 100-megapixel HEIC, the FlateDecode bomb PDF with /Encrypt in a comment and with /Encrypt in
 *     its trailer (test/bombs.ts), each uploaded alone, and the APNG bomb checked as a drawn signature: the
 *     answer, the event loop's longest delay and the server's RSS before and after.
 * The 12-MP photo is made at run time: a generated 4000x3000 PNG encoded by `heif-enc` (Debian's
 * libheif-examples, installed with apt-get when missing, as .ci/run installs chromium).
 * Writes docs/benchmarks.md between the bench:sandbox markers.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { createDatabase, filings, inArray, prepareDatabase } from '@taxfirm/db';
import { apngBomb, flateBombPdf, heicDeclaring, pngChunk } from '../test/bombs.ts';
import { createTestApp, csrfFor, signUpAndLogIn, type TestApp } from '../test/helpers.ts';
import { canEmbedPng } from '../src/modules/signatures/signed-pdf.ts';
import { sandbox } from '../src/lib/files/sandbox.ts';
import { insertStaffItem } from '../src/modules/requests/testing/checklist-helpers.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { freshPostgresDatabase } from './postgres.ts';
import { machine, table, writeSection } from './report.ts';

const UPLOADERS = 20;
const BUDGET_MS = 100;
const MB = 2 ** 20;
const HEIC_FIXTURE = new URL('../test/fixtures/photo.heic', import.meta.url);

type Session = { sid: string; userId: string; clientId: string };

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};
const rssMb = () => process.memoryUsage().rss / MB;
const log = (line: string) => process.stdout.write(`sandbox: ${line}\n`);

/** heif-enc, installed from Debian's libheif-examples when missing. */
function heifEnc(): string {
  const found = ['/usr/bin/heif-enc', '/usr/local/bin/heif-enc'].find((file) => existsSync(file));
  if (found) return found;
  log('installing libheif-examples (heif-enc)');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'libheif-examples'], { stdio: 'inherit' });
  return '/usr/bin/heif-enc';
}

/** A 4000x3000 photo-like PNG (gradients and noise, so the HEIC is of a real photo's size), as HEIC. */
function twelveMegapixelHeic(dir: string): Buffer {
  // Kept between runs: heif-enc takes a minute on a small machine.
  const cached = path.join(tmpdir(), 'taxfirm-bench-photo-12mp-v1.heic');
  if (existsSync(cached)) return readFileSync(cached);
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 1;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const noise = (seed >>> 24) & 31;
      const at = row + 1 + x * 3;
      raw[at] = ((x * 255) / width + noise) & 255;
      raw[at + 1] = ((y * 255) / height + noise) & 255;
      raw[at + 2] = (x + y) & 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const png = path.join(dir, 'photo-12mp.png');
  writeFileSync(
    png,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(raw, { level: 1 })),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
  const heic = path.join(dir, 'photo-12mp.heic');
  execFileSync(heifEnc(), ['-q', '60', png, '-o', heic], { stdio: 'ignore' });
  copyFileSync(heic, cached);
  return readFileSync(heic);
}

async function post(base: string, who: Session, url: string, body: FormData | object) {
  const token = csrfFor(who.sid);
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    // A connection the server dropped counts as status 0, not a crash of the bench.
    signal: AbortSignal.timeout(180_000),
    method: 'POST',
    headers: {
      cookie: `sid=${encodeURIComponent(who.sid)}; ${XSRF_COOKIE}=${encodeURIComponent(token)}`,
      [XSRF_HEADER]: token,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as { status_smessage?: string };
  return { status: response.status, message: json.status_smessage ?? '', ms: performance.now() - started };
}

/**
 * A checklist upload's multipart body, built before the burst: the bench's client shares this process's
 * event loop with the server, so it must not encode 20 bodies while the loop is measured.
 */
function multipartBody(itemId: string, name: string, bytes: Buffer, type: string) {
  const boundary = `bench${randomUUID().replaceAll('-', '')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="item_id"\r\n\r\n${itemId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST a prebuilt multipart body over node:http; a dropped connection answers status 0. */
function postRaw(
  port: number,
  who: Session,
  url: string,
  upload: { body: Buffer; contentType: string },
): Promise<{ status: number; message: string; ms: number }> {
  const token = csrfFor(who.sid);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        headers: {
          'content-type': upload.contentType,
          'content-length': String(upload.body.length),
          cookie: `sid=${encodeURIComponent(who.sid)}; ${XSRF_COOKIE}=${encodeURIComponent(token)}`,
          [XSRF_HEADER]: token,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let message = '';
          try {
            message = (JSON.parse(text) as { status_smessage?: string }).status_smessage ?? '';
          } catch {
            message = text.slice(0, 80);
          }
          resolve({ status: res.statusCode ?? 0, message, ms: performance.now() - started });
        });
      },
    );
    req.on('error', (error) =>
      resolve({ status: 0, message: error.message, ms: performance.now() - started }),
    );
    req.end(upload.body);
  });
}

function uploadForm(itemId: string, name: string, bytes: Buffer, type: string): FormData {
  const form = new FormData();
  form.append('item_id', itemId);
  form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

/** Runs `work` while `reader` reads its profile in a loop; the reads' times, the loop's delay, the RSS. */
async function underLoad<T>(base: string, reader: Session, work: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const rssBefore = rssMb();
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 50);
  histogram.enable();
  // The histogram records from its second tick on: let it tick before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 50));
  let done = false;
  const reads: number[] = [];
  const readerLoop = (async () => {
    while (!done) {
      const read = await post(base, reader, '/api/user/taxpayerinfo', {});
      if (read.status === 200) reads.push(read.ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    await readerLoop;
  }
  // A tick after the work, so a stall at its end is recorded too.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const seconds = (performance.now() - started) / 1000;
  histogram.disable();
  clearInterval(sampler);
  return {
    result,
    seconds,
    reads,
    loopMaxMs: histogram.max / 1e6,
    loopP99Ms: histogram.percentile(99) / 1e6,
    rssBefore,
    rssAfter: rssMb(),
    peakRss,
  };
}

export async function runSandboxBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'taxfirm-bench-sandbox-'));
  const processes = Number(process.env['SANDBOX_PROCESSES'] ?? 1);
  const loadStart = loadavg()[0]?.toFixed(1);
  const fresh = await freshPostgresDatabase('taxfirm_bench_sandbox');
  const database = await createDatabase({ engine: 'postgres', url: fresh.url, maxConnections: 10 });
  await prepareDatabase(database, MIGRATIONS_DIR);
  const t: TestApp = await createTestApp({ sandbox: { processes } }, { database });
  try {
    log('making a 12-MP HEIC photo with heif-enc');
    const photo = twelveMegapixelHeic(dir);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const sessions: Session[] = [];
    for (let n = 0; n <= UPLOADERS; n++) {
      sessions.push(
        await signUpAndLogIn(t, `bench.sandbox.${n}@example.com`, {
          first: 'Bench',
          last: `Client${String.fromCharCode(65 + n)}`,
        }),
      );
    }
    const reader = sessions[UPLOADERS] as Session;
    const uploaders = sessions.slice(0, UPLOADERS);
    for (const who of sessions) await t.postAs(who.sid, '/api/account/requests/list', {});
    await t.database.db
      .update(filings)
      .set({ status: 'Docs Upload Pending' })
      .where(
        inArray(
          filings.clientId,
          sessions.map((who) => who.clientId),
        ),
      );
    const itemOf = (who: Session, title: string) =>
      insertStaffItem(t.database.db, who, { title, type: 'id', position: 70 });
    const items = await Promise.all(uploaders.map((who, n) => itemOf(who, `Photo ${n}`)));
    // Warm the reader's path and the sandbox's child (its first job loads libheif).
    for (let n = 0; n < 5; n++) await post(base, reader, '/api/user/taxpayerinfo', {});
    const warm = await itemOf(reader, 'Warm-up photo');
    const small = readFileSync(HEIC_FIXTURE);
    await post(
      base,
      reader,
      '/api/account/requests/upload',
      uploadForm(warm, 'warm.heic', small, 'image/heic'),
    );

    log(`${UPLOADERS} concurrent uploads of a ${(photo.length / MB).toFixed(1)} MB 12-MP HEIC`);
    const bodies = uploaders.map((_who, n) =>
      multipartBody(items[n] ?? '', `IMG_${n}.HEIC`, photo, 'image/heic'),
    );
    const photos = await underLoad(base, reader, () =>
      Promise.all(
        uploaders.map((who, n) =>
          postRaw(
            port,
            who,
            '/api/account/requests/upload',
            bodies[n] as { body: Buffer; contentType: string },
          ),
        ),
      ),
    );
    const statuses = new Map<number, number>();
    for (const answer of photos.result) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const p50 = quantile(photos.reads, 0.5);
    const p99 = quantile(photos.reads, 0.99);
    log(`reader p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${photos.reads.length} reads`);

    const bombRows: string[][] = [];
    const bomb = async (name: string, work: () => Promise<string>) => {
      const measured = await underLoad(base, reader, work);
      log(`${name}: ${measured.result}; loop max ${measured.loopMaxMs.toFixed(1)} ms`);
      bombRows.push([
        name,
        measured.result,
        measured.seconds.toFixed(1),
        measured.loopMaxMs.toFixed(1),
        String(measured.reads.length),
        measured.rssBefore.toFixed(0),
        measured.peakRss.toFixed(0),
        measured.rssAfter.toFixed(0),
      ]);
    };
    const [bombItem] = await Promise.all([itemOf(reader, 'Bombs')]);
    const answer = async (form: FormData) => {
      const result = await post(base, reader, '/api/account/requests/upload', form);
      return `${result.status} ${result.message}`;
    };
    await bomb('HEIC declaring 100 MP (27 KB)', () =>
      answer(uploadForm(bombItem, 'big.heic', heicDeclaring(small, 10_000, 10_000), 'image/heic')),
    );
    const commentBomb = flateBombPdf({ encrypted: false });
    await bomb(
      `PDF, xref stream inflating to 1.5 GB, /Encrypt in a comment (${(commentBomb.length / MB).toFixed(1)} MB)`,
      () => answer(uploadForm(bombItem, 'statement.pdf', commentBomb, 'application/pdf')),
    );
    await bomb('the same PDF with /Encrypt in its trailer', () =>
      answer(uploadForm(bombItem, 'statement.pdf', flateBombPdf({ encrypted: true }), 'application/pdf')),
    );
    await bomb('APNG: IHDR 1x1, one 8000x8000 frame (141 bytes), canEmbedPng', async () =>
      (await canEmbedPng(apngBomb(8000))) ? 'accepted' : 'refused',
    );

    const text = [
      '<!-- bench:sandbox -->',
      '',
      `${machine()}; measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadStart} at the start and ${loadavg()[0]?.toFixed(1)} at the end (other work on the machine competes with the server for its cores). Command: \`BENCH_ONLY=sandbox npm run bench\`.`,
      '',
      `**Photos.** PostgreSQL 15 (a fresh database, dropped after). ${UPLOADERS} clients each upload one ${(photo.length / MB).toFixed(1)} MB 12-megapixel HEIC (4000x3000, made by heif-enc) to account/requests/upload at once, through a sandbox of ${processes} child process${processes === 1 ? '' : 'es'} (1 GB cap, 60 s per job), while another client reads user/taxpayerinfo one request after another. Answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')} in ${photos.seconds.toFixed(0)} s.`,
      '',
      ...table(
        [
          'reader reads',
          'p50 ms',
          'p99 ms',
          'budget',
          'event loop max ms',
          'RSS before MB',
          'RSS peak MB',
          'RSS after MB',
        ],
        [
          [
            String(photos.reads.length),
            p50.toFixed(1),
            p99.toFixed(1),
            `p99 ≤ ${BUDGET_MS} ms: ${p99 <= BUDGET_MS ? 'within' : 'over'}`,
            photos.loopMaxMs.toFixed(1),
            photos.rssBefore.toFixed(0),
            photos.peakRss.toFixed(0),
            photos.rssAfter.toFixed(0),
          ],
        ],
      ),
      '',
      "**Bombs**, each alone, the same reader meanwhile; the server's own RSS (the sandbox's child is another process).",
      '',
      ...table(
        ['file', 'answer', 's', 'event loop max ms', 'reads', 'RSS before MB', 'RSS peak MB', 'RSS after MB'],
        bombRows,
      ),
      '',
      '<!-- /bench:sandbox -->',
    ].join('\n');
    writeSection('sandbox', text, 'memory');
    log(`sandbox jobs run: ${sandbox().jobsStarted}`);
  } finally {
    await t.close();
    await fresh.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
