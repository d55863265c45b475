import fs from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '#server/db/database.ts';
import { claimDueMail, claimHolders, markAttemptFailed, markSent, releaseClaims, renewClaim } from './claim-repository';
import type { OutboxRow } from './outbox-repository';
import type { MailMessage, MailTransport } from '#server/lib/mail-transport.ts';

/**
 * How long the outbox keeps retrying a message from its creation (or from the administrator's Retry)
 * before it is marked failed (docs/product.md#outgoing-mail).
 */
export const RETRY_WINDOW_MS = 3 * 24 * 3600_000;
const BATCH = 20;
/** Sends in flight at once: enough to use a pooled SMTP connection set, few enough to be gentle. */
const CONCURRENCY = 8;
/**
 * How long a claim holds a message. It is renewed right before each send, then every RENEW_EVERY_MS while
 * the send is in flight, so a slow server (each reply just inside the socket time-out, a send of minutes)
 * never lets the claim run out under it and a second worker send the message again; it is checked when
 * marking the message sent. Only a worker that stops renewing (a crash, a kill) lets it expire.
 */
export const LOCK_MS = 2 * 60_000;
const RENEW_EVERY_MS = LOCK_MS / 4;

/** Exponential backoff: 10 s, 20 s, 40 s … capped at 30 min. */
export const retryDelayMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 30 * 60_000);

/** When the outbox stops retrying a message. */
export const giveUpAtOf = (row: Pick<OutboxRow, 'give_up_at' | 'created_at'>) =>
  row.give_up_at ? Date.parse(row.give_up_at) : Date.parse(row.created_at) + RETRY_WINDOW_MS;

/**
 * A worker's identity, the same for every process started on this host, in this process-id namespace,
 * with this data folder: a process that replaces one which died finds that one's claims by it. The claims
 * also carry the process id and a random incarnation, so a process never releases the claims of another
 * live one. The namespace counts because process ids are only comparable within one: containers that
 * share a host name and a data path (replicas, each often pid 1) get different identities and never
 * release each other's claims; theirs expire as claims of other hosts do.
 */
export const workerIdentity = (dataDir: string) =>
  createHash('sha256')
    .update(`${os.hostname()}\0${pidNamespace()}\0${path.resolve(dataDir)}`)
    .digest('hex')
    .slice(0, 16);

/** Linux names each process-id namespace (`pid:[4026531836]`); elsewhere there is one. */
function pidNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

/** The incarnations of the workers alive in this process (a claim of this pid held by none is a dead one's). */
const liveIncarnations = new Set<string>();

/** Whether the process that made the claim `holder` (`identity:pid:incarnation`) may still be running. */
function mayBeAlive(holder: string): boolean {
  const [, pidText, incarnation] = holder.split(':');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !incarnation) return true;
  if (pid === process.pid) return liveIncarnations.has(incarnation);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user has that pid; it is not ours, but we cannot tell, so we wait.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

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
  /** See `workerIdentity`; workers of one identity release each other's claims only when those are dead. */
  identity?: string;
  /** The clock (tests move it forward). */
  now?: () => Date;
  /** Hears of every send attempt, whether it went out (metrics). */
  onAttempt?: (sent: boolean) => void;
  /** How often a claim is renewed while its send is in flight (tests shorten it with their fast clock). */
  renewEveryMs?: number;
}) {
  const { db, dbKind, transport, log } = deps;
  const clock = deps.now ?? (() => new Date());
  const incarnation = randomUUID().slice(0, 8);
  const identity = deps.identity ?? workerIdentity(process.cwd());
  const holder = `${identity}:${process.pid}:${incarnation}`;
  liveIncarnations.add(incarnation);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** Set by stop(): the pass running finishes the mail it claimed and claims no more. */
  let stopping = false;
  let releaseFirst = false;

  /**
   * Set when a pass failed: a claim may then have been taken in the database while its answer was lost (a
   * statement past its deadline, docs/decisions/0025-database-deadlines.md). Passes run one at a time and
   * finish what they claim, so a claim of this worker found at the start of a pass is such a one: it is
   * given back at once, not after LOCK_MS.
   */
  let releaseOwn = false;
  /** Messages that went out but could not be marked sent (the database was away): marked at the next pass. */
  const unrecorded = new Map<string, { claim: string; at: Date }>();

  /** Work to do at the start of every pass (the newsletter fan-out), added by the modules that need it. */
  const beforePass: Array<() => Promise<unknown>> = [];
  const afterPass: Array<() => Promise<unknown>> = [];

  /**
   * Keeps a claim while its send is in flight (RENEW_EVERY_MS). `stop()` waits for a renewal under way and
   * answers the claim as it stands, which settling the message must name.
   */
  function holdClaim(row: OutboxRow, claim: string) {
    let current = claim;
    let lost = false;
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      if (lost) return;
      renewing = renewClaim(db, row.id, current, LOCK_MS, clock()).then(
        (renewed) => {
          if (renewed) current = renewed;
          else {
            // Another worker holds it now, so it may go out twice: said with the id its Message-ID is made of.
            lost = true;
            log.error({ mailId: row.id, kind: row.kind }, 'mail claim lost during a send: it may go out twice');
          }
        },
        (err: unknown) => log.warn({ mailId: row.id, err }, 'mail claim not renewed during a send'),
      );
    }, deps.renewEveryMs ?? RENEW_EVERY_MS);
    return {
      async stop(): Promise<string> {
        clearInterval(timer);
        await renewing;
        return current;
      },
    };
  }

  async function deliver(row: OutboxRow): Promise<void> {
    // Renewing the claim is also the check that it is still ours: a message another worker took over
    // after our claim ran out is left to that worker, never sent twice.
    const first = await renewClaim(db, row.id, row.locked_until!, LOCK_MS, clock());
    if (!first) return;
    const held = holdClaim(row, first);
    let claim = first;
    try {
      await transport.send(toMessage(row)).finally(async () => (claim = await held.stop()));
    } catch (err) {
      deps.onAttempt?.(false);
      const error = err instanceof Error ? err.message : String(err);
      // Retried with a growing wait, the last time at the end of the window, then failed (and listed for
      // the administrator, who can retry or discard it).
      const at = clock();
      const giveUpAt = giveUpAtOf(row);
      const retryAt =
        at.getTime() < giveUpAt ? new Date(Math.min(at.getTime() + retryDelayMs(row.attempts), giveUpAt)) : null;
      const context = { mailId: row.id, kind: row.kind, attempt: row.attempts, err: error };
      if (retryAt) log.warn(context, 'mail send failed, will retry');
      else log.error(context, 'mail send failed for good: it is listed as failed in the admin (Outgoing mail)');
      await markAttemptFailed(db, row.id, claim, { error, retryAt, at });
      return;
    }
    deps.onAttempt?.(true);
    try {
      await markSent(db, row.id, claim, clock());
    } catch (err) {
      // Sent but not recorded: marked at the next pass while the claim holds. Should this process stop
      // first, the claim runs out and the message goes again, with the same Message-ID so the receiving
      // server can drop the duplicate.
      unrecorded.set(row.id, { claim, at: clock() });
      releaseOwn = true;
      log.error({ mailId: row.id, err }, 'mail sent but not marked sent');
    }
  }

  /** Claims of a process of this identity that died (a crash, a kill) are given back at once. */
  async function releaseAbandonedClaims(): Promise<void> {
    const dead = (await claimHolders(db, `${identity}:`)).filter((h) => !mayBeAlive(h));
    const released = await releaseClaims(db, dead, clock());
    if (released) log.warn({ released }, 'mail claims of a stopped process released');
  }

  /** After a failed pass: what went out is marked sent, then the claims left behind are given back. */
  async function recoverFromFailedPass(): Promise<void> {
    for (const [id, { claim, at }] of unrecorded) {
      await markSent(db, id, claim, at);
      unrecorded.delete(id);
    }
    const released = await releaseClaims(db, [holder], clock());
    if (released) log.warn({ released }, 'mail claims of a failed pass released');
  }

  async function drain(): Promise<void> {
    if (releaseFirst) {
      releaseFirst = false;
      await releaseAbandonedClaims();
    }
    if (releaseOwn) {
      await recoverFromFailedPass();
      releaseOwn = false;
    }
    for (const work of beforePass) await work();
    while (!stopping) {
      const rows = await claimDueMail(db, dbKind, { limit: BATCH, lockMs: LOCK_MS, at: clock(), claimedBy: holder });
      if (!rows.length) break;
      // In the claim's order (RETURNING does not keep it): mails of a person before newsletter mails.
      const queue = rows.sort(
        (a, b) =>
          Number(a.campaign_id !== null) - Number(b.campaign_id !== null) ||
          a.next_attempt_at.localeCompare(b.next_attempt_at),
      );
      // Every lane ends before the pass does, even when one fails: a pass that ended with sends still in
      // flight would have their claims given back by the next (recoverFromFailedPass) and sent twice.
      const lanes = await Promise.allSettled(
        Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
          for (let row = queue.shift(); row; row = queue.shift()) await deliver(row);
        }),
      );
      const failed = lanes.find((lane) => lane.status === 'rejected');
      if (failed) throw failed.reason;
    }
    for (const work of afterPass) await work();
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => {
        releaseOwn = true;
        log.error({ err }, 'mail worker pass failed');
      })
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
      stopping = false;
      releaseFirst = true;
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
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
      liveIncarnations.delete(incarnation);
      transport.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
