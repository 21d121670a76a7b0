/**
 * The app's background jobs in one registry: each names itself, reads its own settings from the app's
 * config (on unless `enabled` is false; the other fields override its defaults) and starts its scheduler
 * (lib/scheduler.ts). `startJobs` starts every enabled job and stops each when the app closes.
 */

/** A started job: stopping waits for a running pass. */
export type RunningJob = { stop: () => Promise<void> };

/** A job's settings: on unless `enabled` is false, plus its own fields (timing, limits). */
export type JobSettings = { enabled?: boolean };

export type Job<D> = {
  name: string;
  /** Starts the job when its settings leave it on; null when they turn it off. */
  start: (deps: D) => RunningJob | null;
};

/**
 * A job of the registry: `settingsOf` picks its settings from `deps` (undefined: all defaults), `start`
 * starts it with them, `enabled` removed.
 */
export function defineJob<D, S extends JobSettings>(job: {
  name: string;
  settingsOf: (deps: D) => S | undefined;
  start: (deps: D, settings: Omit<S, 'enabled'>) => RunningJob;
}): Job<D> {
  return {
    name: job.name,
    start: (deps) => {
      const { enabled = true, ...settings } = job.settingsOf(deps) ?? ({} as S);
      return enabled ? job.start(deps, settings) : null;
    },
  };
}

/** Start every enabled job, in order; each stops when the app closes. */
export function startJobs<D>(
  app: { addHook: (name: 'onClose', hook: () => Promise<void>) => unknown },
  jobs: readonly Job<D>[],
  deps: D,
): void {
  for (const job of jobs) {
    const running = job.start(deps);
    if (running) app.addHook('onClose', () => running.stop());
  }
}
