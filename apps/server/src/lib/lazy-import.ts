/**
 * A module loaded at its first use rather than at start-up (pdf-lib, nodemailer, the AWS SDK, WebAuthn: what
 * only some requests need; docs/benchmarks.md, start-up and memory). Loaded once per process; a failed load
 * is tried again at the next use.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
