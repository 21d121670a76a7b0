import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { flateBombPdf } from '../../../test/bombs.ts';
import { SandboxBusyError, SandboxJobError, SandboxPool } from './sandbox.ts';

const HEIC = readFileSync(new URL('../../../test/fixtures/photo.heic', import.meta.url));
const ENCRYPTED_BOMB = flateBombPdf({ encrypted: true });
const isEncrypted = (input: Buffer) => ({ input, args: ['--is-encrypted', '/in.pdf'], wantOutput: false });

const pools: SandboxPool[] = [];
function pool(options: Partial<ConstructorParameters<typeof SandboxPool>[0]> = {}) {
  const made = new SandboxPool({
    processes: 1,
    queueLimit: 4,
    accountLimit: 4,
    memoryMb: 256,
    timeoutMs: 30_000,
    ...options,
  });
  pools.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.close()));
});

describe('the files sandbox', () => {
  it('kills a job over its time, answers a timeout, and the next job gets a fresh child', async () => {
    // The bomb inflates for seconds under a 1 GB cap; its clock starts once the child has loaded.
    const sandbox = pool({ timeoutMs: 500, memoryMb: 1024 });
    const error = await sandbox.run('qpdf', isEncrypted(ENCRYPTED_BOMB)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SandboxJobError);
    expect((error as SandboxJobError).reason).toBe('timeout');
    // The killed child was replaced: a quick job answers.
    expect(await sandbox.run('png-embeds', Buffer.from('not a png'))).toBe(false);
  });

  it('a kill that races a reply settles that job, and the next job gets a fresh child, not the dying one', async () => {
    const sandbox = pool();
    const first = sandbox.run('png-embeds', Buffer.from('not a png'), 'a');
    // The pool's own kill (its timer or watchdog) firing just as the child's reply arrives.
    const internals = sandbox as unknown as {
      slots: { child: { prependListener: (event: string, listener: (reply: unknown) => void) => void } }[];
      kill: (slot: unknown, reason: 'timeout') => void;
    };
    const slot = internals.slots[0];
    slot?.child.prependListener('message', (reply) => {
      if (typeof reply === 'object' && reply !== null && 'id' in reply) internals.kill(slot, 'timeout');
    });
    const second = sandbox.run('png-embeds', Buffer.from('not a png either'), 'a');
    const error = await first.catch((thrown: unknown) => thrown);
    expect((error as SandboxJobError).reason).toBe('timeout');
    expect(await second).toBe(false);
    expect(sandbox.load).toEqual({ waiting: 0, running: 0 });
  });

  it('stops qpdf at the memory cap: the job fails, the pool goes on', async () => {
    const sandbox = pool({ memoryMb: 192 });
    const result = await sandbox
      .run<{ code: number }>('qpdf', isEncrypted(ENCRYPTED_BOMB))
      .catch((thrown: unknown) => thrown);
    // Either qpdf's allocation fails inside the capped WebAssembly memory (a non-zero exit), or the
    // resident-memory watchdog kills the child: never a result that opened the file.
    if (result instanceof SandboxJobError) expect(result.reason).toBe('memory');
    else expect((result as { code: number }).code).not.toBe(0);
    expect(await sandbox.run('png-embeds', Buffer.from('not a png'))).toBe(false);
  });

  it('refuses past the account limit and past the instance queue, and counts both down again', async () => {
    const sandbox = pool({ queueLimit: 1, accountLimit: 1 });
    const running = sandbox.run('qpdf', isEncrypted(ENCRYPTED_BOMB), 'a').catch(() => 'failed');
    const waiting = sandbox.run('heic-to-jpeg', HEIC, 'b');
    await expect(sandbox.run('heic-to-jpeg', HEIC, 'a')).rejects.toEqual(new SandboxBusyError('account'));
    await expect(sandbox.run('heic-to-jpeg', HEIC, 'c')).rejects.toEqual(new SandboxBusyError('instance'));
    expect(sandbox.load).toEqual({ waiting: 1, running: 1 });
    await running;
    await waiting;
    expect(sandbox.load).toEqual({ waiting: 0, running: 0 });
    await expect(sandbox.run('png-embeds', Buffer.from('x'), 'a')).resolves.toBe(false);
  });

  it('refuses a job that waited past its limit for a child, as the instance being busy', async () => {
    const sandbox = pool({ queueWaitMs: 200 });
    const running = sandbox.run('qpdf', isEncrypted(ENCRYPTED_BOMB)).catch(() => 'failed');
    await expect(sandbox.run('png-embeds', Buffer.from('x'), 'b')).rejects.toEqual(
      new SandboxBusyError('instance'),
    );
    expect(sandbox.load.waiting).toBe(0);
    await running;
    // Its account's share was given back.
    await expect(sandbox.run('png-embeds', Buffer.from('x'), 'b')).resolves.toBe(false);
  });

  it('refuses jobs once closed', async () => {
    const sandbox = pool();
    await sandbox.close();
    await expect(sandbox.run('png-embeds', Buffer.from('x'))).rejects.toBeInstanceOf(SandboxJobError);
  });
});
