/**
 * Password-protected PDFs (Indian bank and fund statements usually are: the password is often the PAN or a
 * date of birth). qpdf, compiled to WebAssembly, tells whether a file needs a password to open and writes an
 * unlocked copy with the right one. Each operation gets its own qpdf instance (about 20 ms to start): a
 * qpdf run keeps state, and files never share a file system.
 */
import createQpdf from '@neslinesli93/qpdf-wasm';
import { createRequire } from 'node:module';

const WASM = createRequire(import.meta.url).resolve('@neslinesli93/qpdf-wasm/dist/qpdf.wasm');

type Qpdf = {
  callMain: (args: string[]) => number;
  FS: { writeFile: (path: string, data: Uint8Array) => void; readFile: (path: string) => Uint8Array };
};

async function qpdf(): Promise<Qpdf> {
  // qpdf's messages (e.g. "invalid password") would go to stdout/stderr: nothing of a client's file is logged.
  const instance = await createQpdf({
    locateFile: () => WASM,
    print: () => undefined,
    printErr: () => undefined,
  } as Parameters<typeof createQpdf>[0]);
  return instance as unknown as Qpdf;
}

/** Decrypt with `password`: the unlocked bytes, or null when the password does not open the file. */
async function decrypt(bytes: Uint8Array, password: string): Promise<Buffer | null> {
  const q = await qpdf();
  q.FS.writeFile('/in.pdf', bytes);
  // The password goes in qpdf's own argument list (no shell, no process): nothing else can read it.
  const code = q.callMain([`--password=${password}`, '--decrypt', '/in.pdf', '/out.pdf']);
  // 0: written; 3: written with warnings (a slightly damaged file qpdf repaired). 2: errors, wrong password.
  if (code !== 0 && code !== 3) return null;
  return Buffer.from(q.FS.readFile('/out.pdf'));
}

const ENCRYPT_MARKER = Buffer.from('/Encrypt');

/**
 * Does this PDF need a password to open? Only a PDF with an encryption dictionary can; one that opens with
 * the empty password (owner restrictions only: printing, copying) does not.
 */
export async function pdfNeedsPassword(bytes: Buffer): Promise<boolean> {
  if (!bytes.includes(ENCRYPT_MARKER)) return false;
  return (await decrypt(bytes, '')) === null;
}

/** The unlocked copy of a password-protected PDF, or null when `password` does not open it. */
export async function unlockPdf(bytes: Buffer, password: string): Promise<Buffer | null> {
  return decrypt(bytes, password);
}
