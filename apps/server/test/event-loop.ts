/**
 * How long the event loop stalled while `work` ran, and the budget a test holds it to: `floorMs`, or three
 * times the longest stall of the same length of time just before, without the work, in the same run. A timed
 * test compares within its run (docs/benchmarks.md): on a busy shared machine the loop stalls without us,
 * while file work on the event loop stalls it far longer. The floor is 200 ms: with CI's two Vitest runs and a
 * browser on two cores, the process alone is paused for 100 ms at times (a CI run measured 105 ms for a refusal
 * that decodes nothing), and what the sandbox took off the loop stalled it longer (before it, the APNG 1.3 s and
 * qpdf in-process 348 ms: docs/benchmarks.md).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export const STALL_RATIO = 3;

export async function loopStallDuring<T>(
  work: () => Promise<T>,
  { floorMs = 200, baselineMs = 500 } = {},
): Promise<{ result: T; maxMs: number; budgetMs: number; samples: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The histogram records from its second tick on; the baseline is what the loop does without the work.
  await sleep(baselineMs);
  const idleMaxMs = histogram.max / 1e6;
  histogram.reset();
  const result = await work();
  // A tick after the work, so a stall during it is recorded (the histogram samples on a timer).
  await sleep(50);
  histogram.disable();
  return {
    result,
    maxMs: histogram.max / 1e6,
    budgetMs: Math.max(floorMs, STALL_RATIO * idleMaxMs),
    samples: histogram.count,
  };
}
