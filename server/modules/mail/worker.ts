import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '#server/db/database.ts';
import { claimDueMail, markAttemptFailed, markSent, renewClaim, type OutboxRow } from './outbox-repository';
import type { MailMessage, MailTransport } from '#server/lib/mail-transport.ts';

const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** Sends in flight at once: enough to use a pooled SMTP connection set, few enough to be gentle. */
const CONCURRENCY = 8;
/**
 * How long a claim holds a message. The SMTP transport's time-outs are well inside it, so a send cannot
 * outlast its claim; the claim is renewed right before each send and checked when marking it sent.
 */
export const LOCK_MS = 2 * 60_000;

/** Exponential backoff: 10 s, 20 s, 40 s … capped at 30 min. */
export const retryDelayMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 30 * 60_000);

const toMessage = (row: OutboxRow): MailMessage => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
  createdAt: row.created_at,
});

/**
 * Sends what the outbox holds. It wakes on `kick()` (after an enqueue) and every `pollMs` so messages
 * queued by other processes or left by a restart go out too.
 */
export function createMailWorker(deps: {
  db: Db;
  dbKind: DbKind;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollMs?: number;
}) {
  const { db, dbKind, transport, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  /** Work to do at the start of every pass (the newsletter fan-out), added by the modules that need it. */
  const beforePass: Array<() => Promise<unknown>> = [];
  const afterPass: Array<() => Promise<unknown>> = [];

  async function deliver(row: OutboxRow): Promise<void> {
    // Renewing the claim is also the check that it is still ours: a message another worker took over
    // after our claim ran out is left to that worker, never sent twice.
    const claim = await renewClaim(db, row.id, row.locked_until!, LOCK_MS);
    if (!claim) return;
    try {
      await transport.send(toMessage(row));
      await markSent(db, row.id, claim);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt = row.attempts < MAX_ATTEMPTS ? new Date(Date.now() + retryDelayMs(row.attempts)) : null;
      log.warn(
        { mailId: row.id, attempt: row.attempts, err: message },
        retryAt ? 'mail send failed, will retry' : 'mail send failed for good',
      );
      await markAttemptFailed(db, row.id, message, retryAt);
    }
  }

  async function drain(): Promise<void> {
    for (const work of beforePass) await work();
    for (;;) {
      const rows = await claimDueMail(db, dbKind, BATCH, LOCK_MS);
      if (!rows.length) break;
      const queue = [...rows];
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
          for (let row = queue.shift(); row; row = queue.shift()) await deliver(row);
        }),
      );
    }
    for (const work of afterPass) await work();
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => log.error({ err }, 'mail worker pass failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    start() {
      stopped = false;
      timer = setInterval(() => void run(), deps.pollMs ?? 5000);
      timer.unref();
      void run();
    },
    kick: () => (stopped ? Promise.resolve() : run()),
    /** Runs a whole pass that starts after this call, and waits for it (tests and shutdown). */
    async flush() {
      if (running) await running;
      return run();
    },
    /** Adds work to the start of every pass. */
    beforeEachPass(work: () => Promise<unknown>) {
      beforePass.push(work);
    },
    /** Adds work to the end of every pass. */
    afterEachPass(work: () => Promise<unknown>) {
      afterPass.push(work);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
