import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '#server/db/database.ts';
import { claimDueMail, markAttemptFailed, markSent, type OutboxRow } from './outbox-repository';
import type { MailMessage, MailTransport } from '#server/lib/mail-transport.ts';

const MAX_ATTEMPTS = 8;
const BATCH = 20;
const LOCK_MS = 2 * 60_000;

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

  async function drain(): Promise<void> {
    for (;;) {
      const rows = await claimDueMail(db, dbKind, BATCH, LOCK_MS);
      if (!rows.length) return;
      for (const row of rows) {
        try {
          await transport.send(toMessage(row));
          await markSent(db, row.id);
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
    }
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
    /** Runs one pass now and waits for it (tests and shutdown). */
    flush: () => run(),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
