import { describe, expect, it } from 'vitest';
import { steadily } from './steady-timing.ts';

describe('steadily', () => {
  it('F-18: quick work and slower work both answer after the floor, with their own result', async () => {
    const time = async (work: () => Promise<string>) => {
      const started = performance.now();
      const value = await steadily(work, 120);
      return { value, ms: performance.now() - started };
    };
    const quick = await time(async () => 'none');
    const slower = await time(() => new Promise((resolve) => setTimeout(() => resolve('sent'), 40)));
    expect(quick.value).toBe('none');
    expect(slower.value).toBe('sent');
    // Timers may fire a little late, never early.
    expect(quick.ms).toBeGreaterThanOrEqual(119);
    expect(slower.ms).toBeGreaterThanOrEqual(119);
  });

  it('waits out the floor when the work throws, then throws', async () => {
    const started = performance.now();
    await expect(steadily(() => Promise.reject(new Error('refused')), 80)).rejects.toThrow('refused');
    expect(performance.now() - started).toBeGreaterThanOrEqual(79);
  });
});
