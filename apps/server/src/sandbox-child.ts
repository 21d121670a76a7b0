/**
 * The sandbox's child process (lib/files/sandbox.ts forks it): runs one job at a time on a file that came
 * from outside and sends back the result. Started with a memory cap (V8 heap and WebAssembly memory) and
 * killed by the parent over time or resident memory. Nothing here reads the environment, the database or
 * storage: the bytes come in with the job and go back with the answer. Built into dist/sandbox-child.js.
 */
import { decodeHeicToJpeg } from './lib/files/heic.ts';
import { runQpdfHere } from './lib/files/pdf-lock.ts';
import type { SandboxReply } from './lib/files/sandbox.ts';
import {
  canEmbedPngHere,
  makeSignedPdfHere,
  pdfPageCountHere,
  UnreadablePdfError,
  type SignedPdfInput,
} from './modules/signatures/signed-pdf.ts';

type Request = { id: number; name: string; payload: unknown };

/** A Uint8Array as received (advanced serialization) viewed as a Buffer, without a copy. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Thrown by a job for an answer the parent reads as a code (the file is not what it claims). */
class JobRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const JOBS: Record<string, (payload: never) => Promise<unknown>> = {
  'heic-to-jpeg': async (input: Uint8Array) => {
    try {
      return await decodeHeicToJpeg(asBuffer(input));
    } catch {
      throw new JobRefused('unreadable');
    }
  },
  qpdf: (job: { input: Uint8Array; args: string[]; wantOutput: boolean }) =>
    runQpdfHere(job.input, job.args, job.wantOutput),
  'pdf-page-count': async (bytes: Uint8Array) => {
    try {
      return await pdfPageCountHere(bytes);
    } catch (error) {
      if (error instanceof UnreadablePdfError) throw new JobRefused('unreadable');
      throw error;
    }
  },
  'png-embeds': (png: Uint8Array) => canEmbedPngHere(asBuffer(png)),
  'signed-pdf': async (input: SignedPdfInput) => {
    try {
      return await makeSignedPdfHere({
        ...input,
        signers: input.signers.map((signer) =>
          signer.signature.kind === 'drawn'
            ? { ...signer, signature: { kind: 'drawn', png: asBuffer(signer.signature.png) } }
            : signer,
        ),
      });
    } catch (error) {
      if (error instanceof UnreadablePdfError) throw new JobRefused('unreadable');
      throw error;
    }
  },
};

const reply = (message: SandboxReply) => process.send?.(message);

process.on('message', (request: Request) => {
  const job = JOBS[request.name];
  if (!job) {
    reply({ id: request.id, ok: false, code: 'unknown-job' });
    return;
  }
  job(request.payload as never)
    .then(
      (result) => reply({ id: request.id, ok: true, result }),
      (error: unknown) =>
        reply({ id: request.id, ok: false, code: error instanceof JobRefused ? error.code : 'failed' }),
    )
    // Started with --expose-gc: a finished job's memory (a decoder's WebAssembly heap) is returned now.
    .finally(() => (globalThis as { gc?: () => void }).gc?.());
});
// Loaded: the parent starts the first job's clock now.
process.send?.({ ready: true });
// The parent is gone (it exited or closed the pool): so is this child.
process.on('disconnect', () => process.exit(0));
