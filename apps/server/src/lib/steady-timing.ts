/**
 * Calls that must not tell whether an account exists (forgot password, resend verification) do work only for
 * real accounts: a few database writes and an e-mail in the outbox. Answering no sooner than a fixed time after
 * the request began hides that difference (F-18, enumeration by timing). The floor is well above the work.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** How long such a call takes at least. */
export const STEADY_ANSWER_MS = 300;

/** Run `work`, then wait out the rest of `floorMs` (also when it throws), so every answer takes as long. */
export async function steadily<T>(work: () => Promise<T>, floorMs = STEADY_ANSWER_MS): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    // A timer can fire a little early against performance.now() (the event loop's clock is read once per
    // turn, and a fractional delay is cut to whole milliseconds): wait again until the floor has really passed.
    for (let left = floorMs - (performance.now() - started); left > 0;) {
      await sleep(Math.ceil(left));
      left = floorMs - (performance.now() - started);
    }
  }
}
