import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { now, type Db } from '#server/db/database.ts';
import * as repo from './repository';

export interface RunnerDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Works on a claimed import until it is done; `alive()` turns false when the lease is lost. */
  work: (row: repo.ImportRow, alive: () => boolean) => Promise<void>;
  /** A claimed import whose work threw: marked failed with the reason. */
  failed: (row: repo.ImportRow, err: unknown) => Promise<void>;
  /** How long a lease lasts unless renewed (a killed process's job is taken over after this). */
  leaseMs?: number;
  tickMs?: number;
}

/**
 * Runs imports in the background on any process of the site (docs/decisions/0038-import.md). Each tick
 * claims one import that is queued, or running under a lease that ran out (its process was killed), and
 * renews its lease while working. At most one import runs on the whole site at a time.
 */
export function createImportRunner(deps: RunnerDeps) {
  const leaseMs = deps.leaseMs ?? 30_000;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopping = false;

  const until = () => new Date(Date.now() + leaseMs).toISOString();

  async function once(): Promise<boolean> {
    const row = await repo.claimWork(deps.db, owner, now(), until());
    if (!row) return false;
    let alive = true;
    const renew = setInterval(() => {
      repo
        .renewLease(deps.db, row.id, owner, until())
        .then((kept) => {
          if (!kept) alive = false;
        })
        .catch((err: unknown) => deps.log.warn({ err, importId: row.id }, 'import: lease not renewed'));
    }, leaseMs / 3);
    try {
      await deps.work(row, () => alive && !stopping);
    } catch (err) {
      if (alive && !stopping) {
        deps.log.error({ err, importId: row.id }, 'import failed');
        await deps.failed(row, err);
      }
    } finally {
      clearInterval(renew);
    }
    // Stopped mid-job (a restart): the lease is given back, so the next process need not wait for it.
    if (stopping && alive) await repo.renewLease(deps.db, row.id, owner, now()).catch(() => undefined);
    return true;
  }

  const tick = () => {
    running ??= once()
      .catch((err: unknown) => deps.log.warn({ err }, 'import: claim failed'))
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    owner,
    start() {
      timer = setInterval(tick, deps.tickMs ?? 2_000);
      timer.unref();
      void tick();
    },
    /** Looks for work now (an import was just started or undone here). */
    kick: () => tick(),
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
