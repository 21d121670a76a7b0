import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { hookError, settleHook } from './settle-hook.ts';

/** A route behind a callback hook waiting for `work`: its status, and whether its handler ran. */
async function answerBehind(work: () => Promise<unknown>) {
  const app = Fastify();
  let handled = false;
  app.addHook('onRequest', (_request, _reply, done) => settleHook(work(), done));
  app.get('/', async () => {
    handled = true;
    return { ok: true };
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: response.statusCode, handled };
}

describe('settleHook', () => {
  it('goes on once the work is done', async () => {
    expect(await answerBehind(async () => {})).toEqual({ status: 200, handled: true });
  });

  it('answers a rejection as an error, and never reaches the handler, even one carrying no error', async () => {
    expect(await answerBehind(() => Promise.reject(new Error('refused')))).toEqual({
      status: 500,
      handled: false,
    });
    expect(await answerBehind(() => Promise.reject(undefined))).toEqual({ status: 500, handled: false });
  });

  it("hands the hooks that answer themselves (CSRF's refusal, the session's revocation) an error for any rejection", () => {
    const refused = new Error('refused');
    expect(hookError(refused)).toBe(refused);
    expect(hookError(undefined)).toBeInstanceOf(Error);
    expect(hookError(null).message).toBe('a hook failed without an error (null)');
  });
});
