/**
 * Password-protected PDFs (Indian bank statements, Form 16 and CAS files usually are): detect them at upload
 * and, given the password, keep an unlocked copy. pdf-lib cannot decrypt, so this runs qpdf (Apache-2.0)
 * compiled to WebAssembly (@neslinesli93/qpdf-wasm), in the sandbox's child processes (lib/files/sandbox.ts),
 * with a memory cap and a timeout: qpdf inflates whole streams, so a small PDF can ask for gigabytes (S2-03).
 * Whether a PDF is encrypted at all is read first from its last trailer (lib/files/file-headers.ts): only
 * then does qpdf run.
 */
// The module's default export: the built server's banner already declares `createRequire` at the top level.
import nodeModule from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pdfTrailerEncrypted } from './file-headers.ts';
import { sandbox, SandboxJobError } from './sandbox.ts';

export type QpdfResult = { code: number; output: Buffer | null; messages: string };
type QpdfModule = {
  FS: { writeFile(path: string, data: Uint8Array): void; readFile(path: string): Uint8Array };
  callMain(args: string[]): number;
};

/**
 * One qpdf run on `input` with `args` (the input is /in.pdf, an output /out.pdf), in this process: the
 * sandbox's child calls it (src/sandbox-child.ts). Each run gets a fresh qpdf instance: its WebAssembly build
 * cannot be reused after its main returns. What it prints is collected (the start of it) and answered, never
 * printed.
 */
export async function runQpdfHere(
  input: Uint8Array,
  args: string[],
  wantOutput: boolean,
): Promise<QpdfResult> {
  const require = nodeModule.createRequire(import.meta.url);
  const modulePath = require.resolve('@neslinesli93/qpdf-wasm');
  const createModule = require(modulePath) as (options: object) => Promise<QpdfModule>;
  let messages = '';
  const collect = (...parts: unknown[]) => {
    if (messages.length < 4096) messages += `${parts.join(' ')}\n`;
  };
  const { log, error } = console;
  console.log = collect;
  console.error = collect;
  try {
    const qpdf = await createModule({
      wasmBinary: readFileSync(path.join(path.dirname(modulePath), 'qpdf.wasm')),
      print: collect,
      printErr: collect,
    });
    qpdf.FS.writeFile('/in.pdf', input);
    let code: number;
    try {
      code = qpdf.callMain(args);
    } catch (thrown) {
      const status = (thrown as { status?: unknown } | null)?.status;
      code = typeof status === 'number' ? status : 2;
    }
    let output: Buffer | null = null;
    if (wantOutput && (code === 0 || code === 3)) {
      try {
        output = Buffer.from(qpdf.FS.readFile('/out.pdf'));
      } catch {
        output = null;
      }
    }
    return { code, output, messages };
  } finally {
    console.log = log;
    console.error = error;
    process.exitCode = 0;
  }
}

/** One qpdf run in the sandbox. */
async function runQpdf(
  input: Buffer,
  args: string[],
  wantOutput: boolean,
  account?: string,
): Promise<QpdfResult> {
  const result = await sandbox().run<{ code: number; output: Uint8Array | null; messages: string }>(
    'qpdf',
    { input, args, wantOutput },
    account,
  );
  return {
    code: result.code,
    output: result.output
      ? Buffer.from(result.output.buffer, result.output.byteOffset, result.output.byteLength)
      : null,
    messages: result.messages,
  };
}

/**
 * True when the PDF cannot be opened without a password. A PDF with only an owner password (printing or
 * copying restricted) opens, so it is not locked; a PDF whose last trailer has no /Encrypt is answered at
 * once, without qpdf. Throws SandboxBusyError (queue full), and SandboxJobError when qpdf did not finish
 * (over time or memory) or could not read a PDF its trailer says is encrypted: such a file is refused.
 */
export async function pdfNeedsPassword(bytes: Buffer, options: { account?: string } = {}): Promise<boolean> {
  if (!pdfTrailerEncrypted(bytes)) return false;
  // qpdf's --requires-password cannot tell in this WebAssembly build (it stops at the password error instead
  // of answering 0), so open the file without a password: an encrypted file that does not open says
  // "invalid password"; a plain or owner-only one opens (0), an unreadable one fails with another message.
  const { code, messages } = await runQpdf(bytes, ['--is-encrypted', '/in.pdf'], false, options.account);
  // --is-encrypted: 0 when it opened an encrypted file (an owner password only); 2 and silent when it is not
  // encrypted. 2 with a message is an error (std::bad_alloc at the memory cap, a file it cannot read).
  if (code === 0 || (code === 2 && messages.trim() === '')) return false;
  if (/invalid password/i.test(messages)) return true;
  throw new SandboxJobError('failed', 'unreadable');
}

/** The PDF decrypted with `password`, or null when the password does not open it. */
export async function unlockPdf(
  bytes: Buffer,
  password: string,
  options: { account?: string } = {},
): Promise<Buffer | null> {
  const { output } = await runQpdf(
    bytes,
    [`--password=${password}`, '--decrypt', '/in.pdf', '/out.pdf'],
    true,
    options.account,
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
