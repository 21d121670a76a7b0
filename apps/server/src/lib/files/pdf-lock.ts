/**
 * Password-protected PDFs (Indian bank statements, Form 16 and CAS files usually are): detect them at upload
 * and, given the password, keep an unlocked copy. pdf-lib cannot decrypt, so this runs qpdf (Apache-2.0)
 * compiled to WebAssembly (@neslinesli93/qpdf-wasm). Each run gets a fresh instance in a worker thread:
 * qpdf's WebAssembly build writes to the console, sets process.exitCode and cannot be reused after its main
 * returns; in a worker none of that reaches the server, and a slow file does not block the event loop.
 */
// The module's default export: the built server's banner already declares `createRequire` at the top level.
import nodeModule from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const MODULE_PATH = nodeModule.createRequire(import.meta.url).resolve('@neslinesli93/qpdf-wasm');
const WASM_PATH = path.join(path.dirname(MODULE_PATH), 'qpdf.wasm');
/** A PDF qpdf has not finished with by then is treated as one it could not read. */
const RUN_TIMEOUT_MS = 60_000;

/**
 * Runs qpdf on /in.pdf inside the worker; answers its exit status, what it wrote to stderr (the start of it)
 * and /out.pdf when asked for. qpdf's WebAssembly build binds console.log/error when it is created, so they
 * are replaced first: its messages are returned, never printed.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let messages = '';
const collect = (...parts) => { if (messages.length < 4096) messages += parts.join(' ') + '\\n'; };
console.log = collect;
console.error = collect;
const createModule = require(workerData.modulePath);
(async () => {
  const qpdf = await createModule({ locateFile: () => workerData.wasmPath });
  qpdf.FS.writeFile('/in.pdf', workerData.input);
  let code;
  try {
    code = qpdf.callMain(workerData.args);
  } catch (error) {
    code = error && typeof error.status === 'number' ? error.status : 2;
  }
  let output = null;
  if (workerData.wantOutput && (code === 0 || code === 3)) {
    try { output = qpdf.FS.readFile('/out.pdf'); } catch { output = null; }
  }
  parentPort.postMessage({ code, output, messages });
})().catch(() => parentPort.postMessage({ code: -1, output: null, messages }));
`;

const ENCRYPT_MARKER = Buffer.from('/Encrypt');

type QpdfResult = { code: number; output: Buffer | null; messages: string };

/** One qpdf run on `input` with `args` (the input is /in.pdf, an output /out.pdf). */
function runQpdf(input: Buffer, args: string[], wantOutput: boolean): Promise<QpdfResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath: MODULE_PATH, wasmPath: WASM_PATH, input, args, wantOutput },
      // qpdf's messages (which may name the file) are read and dropped, never logged.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (result: QpdfResult | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(() => finish(new Error('qpdf timed out')), RUN_TIMEOUT_MS);
    worker.once('message', (message: { code: number; output: Uint8Array | null; messages: string }) => {
      finish({
        code: message.code,
        output: message.output ? Buffer.from(message.output) : null,
        messages: message.messages,
      });
    });
    worker.once('error', (error) => finish(error));
    worker.once('exit', (code) => finish(new Error(`qpdf worker exited (${code})`)));
  });
}

/**
 * True when the PDF cannot be opened without a password. A PDF with only an owner password (printing or
 * copying restricted) opens, so it is not locked; a file qpdf cannot read at all is not called locked either.
 */
export async function pdfNeedsPassword(bytes: Buffer): Promise<boolean> {
  // Only a PDF with an encryption dictionary can need a password: every other one is answered at once.
  if (!bytes.includes(ENCRYPT_MARKER)) return false;
  // qpdf's --requires-password cannot tell in this WebAssembly build (it stops at the password error instead
  // of answering 0), so open the file without a password: an encrypted file that does not open says
  // "invalid password"; a plain or owner-only one opens (0), an unreadable one fails with another message.
  const { code, messages } = await runQpdf(bytes, ['--is-encrypted', '/in.pdf'], false);
  return code !== 0 && /invalid password/i.test(messages);
}

/** The PDF decrypted with `password`, or null when the password does not open it. */
export async function unlockPdf(bytes: Buffer, password: string): Promise<Buffer | null> {
  const { output } = await runQpdf(
    bytes,
    [`--password=${password}`, '--decrypt', '/in.pdf', '/out.pdf'],
    true,
  );
  if (!output || output.length === 0) return null;
  return output;
}

/**
 * The PDF encrypted (AES-256) so that it opens only with `userPassword`: how a bank sends a statement. The
 * portal never locks a client's file; tests make their locked fixtures with it.
 */
export async function encryptPdf(
  bytes: Buffer,
  userPassword: string,
  ownerPassword: string,
): Promise<Buffer> {
  const { code, output } = await runQpdf(
    bytes,
    ['/in.pdf', '--encrypt', userPassword, ownerPassword, '256', '--', '/out.pdf'],
    true,
  );
  if (!output) throw new Error(`qpdf could not encrypt the PDF (${code})`);
  return output;
}
