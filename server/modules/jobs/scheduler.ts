import type { FastifyBaseLogger } from 'fastify';
import { withLongDeadlines, type Db } from '#server/db/database.ts';
import { claimJobRun } from './repository';

export interface Job {
  /** Unique; names the job's row in `job_runs`. */
  name: string;
  /** At most one run per this many milliseconds across all processes. */
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * Runs periodic housekeeping. Every process ticks, but a run is claimed in the database first, so each
 * job runs once per period across processes, and a process started after a long stop catches up at once.
 */
export function createJobScheduler(deps: {
  db: Db;
  log: FastifyBaseLogger;
  jobs: Job[];
  tickMs?: number;
  /** Hears of every run of this process, whether it succeeded (metrics). */
  onRun?: (job: string, ok: boolean) => void;
}) {
  const { db, log, jobs } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) {
      let claimed = false;
      try {
        claimed = await claimJobRun(db, job.name, job.everyMs);
        if (!claimed) continue;
        // Housekeeping over big tables may take longer than a request's deadline (a year of activity).
        await withLongDeadlines(job.run);
        ran.push(job.name);
        deps.onRun?.(job.name, true);
      } catch (err) {
        log.error({ err, job: job.name }, 'periodic job failed');
        // A claim that failed is no run; a run that failed is counted as one.
        if (claimed) deps.onRun?.(job.name, false);
      }
    }
    return ran;
  }

  const tick = () => {
    running ??= runDue()
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
  };

  return {
    /** Checks the jobs now and every `tickMs` (a minute by default). */
    start() {
      timer = setInterval(tick, deps.tickMs ?? 60_000);
      timer.unref();
      tick();
    },
    /** Runs every job that is due now; answers the names of those this process ran (tests, CLI). */
    runDue,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
