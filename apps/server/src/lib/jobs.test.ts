import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { defineJob, startJobs } from './jobs.ts';
import { startScheduler } from './scheduler.ts';

type Deps = {
  config: { tick?: { enabled?: boolean; intervalMs?: number; firstRunMs?: number } };
  passes: string[];
};

const TICK = defineJob({
  name: 'tick',
  settingsOf: (deps: Deps) => deps.config.tick,
  start: (deps, { intervalMs = 60_000, firstRunMs = 60_000 }) =>
    startScheduler({
      name: 'tick',
      log: Fastify().log,
      intervalMs,
      firstRunMs,
      pass: async () => {
        deps.passes.push('tick');
      },
    }),
});

describe('startJobs', () => {
  it('runs an enabled job on its timing and stops it when the app closes', async () => {
    const app = Fastify();
    const deps: Deps = { config: { tick: { firstRunMs: 1, intervalMs: 5 } }, passes: [] };
    startJobs(app, [TICK], deps);
    await expect.poll(() => deps.passes.length, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    await app.close();
    const after = deps.passes.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deps.passes.length).toBe(after);
  });

  it('starts nothing when the job’s settings turn it off', async () => {
    const app = Fastify();
    const deps: Deps = { config: { tick: { enabled: false, firstRunMs: 1, intervalMs: 5 } }, passes: [] };
    startJobs(app, [TICK], deps);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.close();
    expect(deps.passes).toEqual([]);
  });
});
