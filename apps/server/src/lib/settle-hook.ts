/**
 * A callback hook (faster than an async one on every request) that waits for `work` ends as Fastify ends an
 * async hook: resolved, the request goes on; rejected, it is answered with the error, and with an error even
 * when the rejection carries none (a refused request must never go on to its handler).
 */
export function settleHook(work: Promise<unknown>, done: (error?: Error) => void): void {
  work.then(
    () => done(),
    (error: unknown) => done(hookError(error)),
  );
}

/**
 * What a callback hook hands to `done` for a rejection: the error, or one when the rejection carries none
 * (`done(undefined)` would let the request go on as if nothing had failed).
 */
export function hookError(error: unknown): Error {
  return error instanceof Error ? error : new Error(`a hook failed without an error (${String(error)})`);
}
