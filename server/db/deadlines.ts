import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

/**
 * Client-side deadlines of PostgreSQL calls (docs/decisions/0025-database-deadlines.md). The server's
 * `statement_timeout` only helps while the server speaks: a server that went silent (a partition, a frozen
 * host, a failover under way) never enforces it, and a request on a pooled connection to it waited forever.
 */
export interface Deadlines {
  /**
   * Getting a connection: waiting for a free one in the pool, or opening a new one; `null`: only the pool's
   * own connect time-out (DATABASE_CONNECT_TIMEOUT_MS).
   */
  checkoutMs: number | null;
  /** Each statement, from sending it to its answer; `null` for none (work whose statements have no limit). */
  queryMs: number | null;
}

/** The deadlines of the work running now, when it set its own (`withDeadlines`); else the pool's. */
const scope = new AsyncLocalStorage<Partial<Deadlines>>();

/**
 * Runs `work` (and everything it starts) with other deadlines than the pool's: long-running work (migrations,
 * the start-up lock's wait, the newsletter fan-out) that must not be cut as a request would be.
 */
export function withDeadlines<T>(deadlines: Partial<Deadlines>, work: () => Promise<T>): Promise<T> {
  return scope.run({ ...scope.getStore(), ...deadlines }, work);
}

/** Runs `work` with the pool's own deadlines, whatever the caller runs under (the start-up lock's work). */
export function withPoolDeadlines<T>(work: () => Promise<T>): Promise<T> {
  return scope.exit(work);
}

/** A call that missed its deadline: the database counts as unreachable (503, stale pages), never as a fault. */
class DatabaseDeadlineError extends DatabaseUnavailableError {}

/** Settles as `work`, or rejects with `late()` once `ms` have passed first. */
function beforeDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const missed = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([work, missed]).finally(() => clearTimeout(timer));
}

/**
 * Waits for a checkout while the database shows signs of life: it fails once nothing was answered on any
 * connection for `ms` (and not before `ms` have passed). A pool busy with statements that keep finishing is
 * a queue, not an outage: 100 edits at once on 10 connections wait their turn (tests/api/parallel-edits.test.ts);
 * a server that went silent answers nothing, so the wait ends after `ms`. pg's own connect time-out still
 * bounds the whole wait.
 */
function checkoutWhileAlive(
  checkout: Promise<pg.PoolClient>,
  ms: number,
  lastAnswerAt: () => number,
  late: () => Error,
): Promise<pg.PoolClient> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout;
    const check = () => {
      const silentMs = Date.now() - Math.max(lastAnswerAt(), started);
      if (silentMs < ms) {
        timer = setTimeout(check, ms - silentMs);
        return;
      }
      settled = true;
      reject(late());
    };
    timer = setTimeout(check, ms);
    checkout.then(
      (client) => {
        clearTimeout(timer);
        // Too late: the connection goes back unused, whole (it came, so it works).
        if (settled) client.release();
        else resolve(client);
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (!settled) reject(err as Error);
      },
    );
  });
}

/**
 * The pool as Kysely sees it (its PostgresDialect takes any object with `connect` and `end`), with a
 * deadline on the checkout and on every statement. A statement past its deadline destroys its connection
 * at once (its socket, so nothing more is read from or written to it) and the connection goes back to the
 * pool as failed, which drops it; a statement still queued on that connection (a transaction's ROLLBACK)
 * fails at once with the same error instead of waiting again. The statement deadline is firm (a server
 * that answers, but each answer seconds late, is as good as gone for a request); the checkout's counts
 * from the last answer seen (`checkoutWhileAlive`).
 */
export function poolWithDeadlines(pool: pg.Pool, defaults: Deadlines, newClient: () => pg.Client): PostgresPool {
  // Kysely keys its connection objects by the client it is given: the same client, the same wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const current = (): Deadlines => ({ ...defaults, ...scope.getStore() });
  const requestMs = defaults.queryMs ?? 4_000;
  let lastAnswerAt = 0;
  const answered = () => {
    lastAnswerAt = Date.now();
  };
  // A new connection is an answer too (an idle one handed out is not: it proves nothing).
  pool.on('connect', answered);

  let probing: Promise<boolean> | null = null;
  /**
   * Whether the server answered anything within a request's deadline, asking it (a new connection and
   * `select 1`, under that deadline) when nothing else did; one probe at a time for the whole pool.
   */
  const alive = (): Promise<boolean> => {
    if (Date.now() - lastAnswerAt < requestMs) return Promise.resolve(true);
    // On a connection of its own: the pool may be full of the very long statements asking.
    probing ??= (async () => {
      const probe = newClient();
      probe.on('error', () => undefined);
      try {
        await beforeDeadline(
          probe.connect().then(() => probe.query('select 1')),
          requestMs,
          () => new Error('no answer to the probe'),
        );
        answered();
        return true;
      } catch {
        return false;
      } finally {
        probe.connection.stream.destroy();
      }
    })().finally(() => {
      probing = null;
    });
    return probing;
  };

  return {
    async connect() {
      const { checkoutMs } = current();
      const checkout = pool.connect();
      const client =
        checkoutMs === null
          ? await checkout
          : await checkoutWhileAlive(
              checkout,
              checkoutMs,
              () => lastAnswerAt,
              () => new DatabaseDeadlineError(`database connection timed out: nothing answered for ${checkoutMs} ms`),
            );
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = clientWithDeadlines(client, current, { answered, alive, requestMs });
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/**
 * Settles as `work`; rejects with `late()` after `ms` (none when null), or earlier once the server stops
 * answering: every `checkEveryMs` it must have answered something, or answer a probe (`alive`). Long work
 * (a migration, the wait for the start-up lock, a fan-out) keeps its long deadline while the server lives,
 * and ends within seconds when it goes silent instead of hanging the mail worker or a start-up.
 */
function whileAlive<T>(
  work: Promise<T>,
  ms: number | null,
  checkEveryMs: number,
  alive: () => Promise<boolean>,
  late: () => Error,
): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const fail = () => {
      settled = true;
      reject(late());
    };
    const wait = () => {
      const left = ms === null ? checkEveryMs : Math.min(checkEveryMs, ms - (Date.now() - started));
      timer = setTimeout(() => void check(), Math.max(left, 0));
    };
    const check = async () => {
      if (settled) return;
      if (ms !== null && Date.now() - started >= ms) return fail();
      const answers = await alive();
      if (settled) return;
      if (!answers) return fail();
      wait();
    };
    wait();
    work.then(
      (result) => {
        clearTimeout(timer);
        if (!settled) resolve(result);
        settled = true;
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (!settled) reject(err as Error);
        settled = true;
      },
    );
  });
}

function clientWithDeadlines(
  client: pg.PoolClient,
  current: () => Deadlines,
  pool: { answered: () => void; alive: () => Promise<boolean>; requestMs: number },
): PostgresPoolClient {
  let broken: Error | null = null;
  const query = async <R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
    if (broken) throw broken;
    const { queryMs } = current();
    const answer = (client.query(text, parameters as unknown[]) as unknown as Promise<PostgresQueryResult<R>>).then(
      (result) => {
        pool.answered();
        return result;
      },
      (err: unknown) => {
        // The server's own refusal (a constraint, a cancelled statement) is an answer too.
        if (!isDatabaseUnavailable(err)) pool.answered();
        throw err;
      },
    );
    const late = () => {
      broken = new DatabaseDeadlineError(
        queryMs === null
          ? 'database statement timed out: the server stopped answering'
          : `database statement timed out: no answer within ${queryMs} ms`,
      );
      // The destroyed socket fails the statement too ("Connection terminated"): nobody waits for that.
      answer.catch(() => undefined);
      client.connection.stream.destroy();
      return broken;
    };
    // A request's statement: a firm deadline. Long work: its own, as long as the server answers.
    if (queryMs !== null && queryMs <= pool.requestMs) return beforeDeadline(answer, queryMs, late);
    return whileAlive(answer, queryMs, pool.requestMs, pool.alive, late);
  };
  return {
    query: query as PostgresPoolClient['query'],
    // A connection that missed a deadline is given back as failed: the pool ends it and opens a new one.
    release: () => client.release(broken ?? undefined),
  };
}
