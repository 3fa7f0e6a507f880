// Periodic upkeep of the database (expired counters, sessions, sign-ups, old IP hashes): one timer per job, stopped
// when the app closes, each failure logged and retried at the next turn rather than thrown.
import type { FastifyInstance } from 'fastify';

export interface HousekeepingJob {
  everyMs: number;
  /** Also once when the app is ready, not only after the first interval. */
  atStart?: boolean;
  /** Resolves with how many rows it removed. */
  run: () => Promise<number>;
  /** Logged when it removed something. */
  done: string;
  /** Logged as a warning when it failed. */
  failed: string;
}

export function scheduleHousekeeping(app: FastifyInstance, job: HousekeepingJob): void {
  const run = () => {
    job
      .run()
      .then((count) => {
        if (count > 0) app.log.info({ count }, job.done);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, job.failed));
  };
  const timer = setInterval(run, job.everyMs);
  timer.unref();
  if (job.atStart === true) {
    app.addHook('onReady', (done) => {
      run();
      done();
    });
  }
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
