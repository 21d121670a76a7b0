/**
 * A background pass that runs shortly after start, then every interval, on unref'd timers, until stopped
 * (checklist reminders, the staff digest, records retention). A pass never overlaps itself on one instance
 * (several instances are kept apart by the passes' own row locks), and never throws: a failed pass is logged and
 * the next one tries again.
 */
import type { FastifyBaseLogger } from 'fastify';

export type Scheduler<T> = {
  /** Run a pass now (or join the one running); undefined once stopped or when the pass failed. */
  run: () => Promise<T | undefined>;
  /** Stop the timers and wait for a running pass. */
  stop: () => Promise<void>;
};

export function startScheduler<T>({
  pass,
  name,
  log,
  intervalMs,
  firstRunMs,
}: {
  /** One pass; `stopped` tells a long pass to end early. */
  pass: (stopped: () => boolean) => Promise<T>;
  /** For the log line of a failed pass, e.g. "staff digest". */
  name: string;
  log: FastifyBaseLogger;
  intervalMs: number;
  firstRunMs: number;
}): Scheduler<T> {
  let running: Promise<T | undefined> | null = null;
  let stopped = false;
  const isStopped = () => stopped;

  const run = (): Promise<T | undefined> => {
    if (stopped) return Promise.resolve(undefined);
    running ??= pass(isStopped)
      .catch((error: unknown) => {
        log.error({ err: error }, `${name} pass failed`);
        return undefined;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const first = setTimeout(() => void run(), firstRunMs);
  first.unref();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();

  return {
    run,
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

/** What a pass that writes to people (reminders, digests) is given: the clock, the firm's settings and address. */
export type MailingPassContext<Settings> = {
  now: Date;
  settings: Settings;
  appUrl: string;
  log?: FastifyBaseLogger;
};

/**
 * The scheduler of a pass that writes to people: `start({ db, settings, appUrl, log, intervalMs?, firstRunMs?,
 * now? })` runs `pass(db, { now: now(), settings, appUrl, log })` on `startScheduler`, with the job's own timing
 * defaults (tests set the clock and the timing).
 */
export function mailingScheduler<Db, Settings, T>(
  name: string,
  defaults: { intervalMs: number; firstRunMs: number },
  pass: (db: Db, context: MailingPassContext<Settings>) => Promise<T>,
) {
  return ({
    db,
    settings,
    appUrl,
    log,
    intervalMs = defaults.intervalMs,
    firstRunMs = defaults.firstRunMs,
    now = () => new Date(),
  }: {
    db: Db;
    settings: Settings;
    appUrl: string;
    log: FastifyBaseLogger;
    intervalMs?: number;
    firstRunMs?: number;
    /** The clock (tests set it). */
    now?: () => Date;
  }): Scheduler<T> =>
    startScheduler({
      name,
      log,
      intervalMs,
      firstRunMs,
      pass: () => pass(db, { now: now(), settings, appUrl, log }),
    });
}
