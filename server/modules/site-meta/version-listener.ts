import pg from 'pg';
import { isContentVersionNotice, listenForContentVersions, pingListener } from './repository';

export interface VersionListenerEvents {
  /** A committed bump announced by any process (this one included). */
  version(v: number): void;
  /** Listening (again): bumps made while not listening were missed, so re-read now. */
  listening(): void;
  /** The connection is gone: until `listening`, nothing is pushed. */
  dropped(err?: Error): void;
}

/** How long to wait before connecting again after the listening connection failed (doubling up to the max). */
const RETRY_MS = { first: 250, max: 5_000 };

/**
 * The listening connection is asked a trivial query every `everyMs`; no answer within `withinMs` drops it.
 * A connection to a server that went silent never fails by itself (no statement is running on it, and a
 * local proxy or NAT answers TCP keep-alive), so without this it would go on "listening" to nothing and
 * pushes would be missed (docs/decisions/0025-database-deadlines.md).
 */
const HEARTBEAT = { everyMs: 5_000, withinMs: 2_000 };

/**
 * A dedicated PostgreSQL connection that LISTENs for content-version bumps (docs/decisions/0011). A pooled
 * connection cannot listen (the pool hands it to others), so this one is outside the pool. When it drops
 * it reconnects by itself, backing off while the server stays away.
 */
export function createVersionListener(
  database: { url: string; connectTimeoutMs?: number },
  events: VersionListenerEvents,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  function drop(current: pg.Client, err?: Error) {
    if (client !== current) return;
    client = null;
    clearInterval(heartbeat);
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    // A silent server never answers the end either: the socket goes at once.
    current.connection.stream.destroy();
    events.dropped(err);
    if (stopped) return;
    timer = setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  }

  async function connect(): Promise<boolean> {
    if (stopped) return false;
    const current = new pg.Client({
      connectionString: database.url,
      connectionTimeoutMillis: database.connectTimeoutMs ?? 10_000,
      // A server or network that vanishes without closing the connection is noticed by TCP keep-alive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
    });
    client = current;
    current.on('error', (err) => drop(current, err));
    current.on('end', () => drop(current));
    current.on('notification', (msg) => {
      if (isContentVersionNotice(msg.channel) && msg.payload) events.version(Number(msg.payload));
    });
    try {
      await current.connect();
      await listenForContentVersions(current);
    } catch (err) {
      drop(current, err as Error);
      return false;
    }
    if (client !== current || stopped) return false;
    retryMs = RETRY_MS.first;
    heartbeat = setInterval(() => void beat(current), HEARTBEAT.everyMs).unref();
    events.listening();
    return true;
  }

  async function beat(current: pg.Client) {
    let late: NodeJS.Timeout | undefined;
    const silent = new Promise<Error>((resolve) => {
      late = setTimeout(
        () => resolve(new Error('content version listener: no answer to its heartbeat')),
        HEARTBEAT.withinMs,
      );
    });
    const failure = await Promise.race([
      pingListener(current).then(
        () => null,
        (err: unknown) => err as Error,
      ),
      silent,
    ]);
    clearTimeout(late);
    if (failure) drop(current, failure);
  }

  return {
    /** Connects once; resolves whether it listens now (if not, it keeps trying in the background). */
    start: connect,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      if (!current) return;
      // A silent server never confirms the end: the socket goes after the heartbeat's wait at most.
      let late: NodeJS.Timeout | undefined;
      await Promise.race([
        current.end().catch(() => undefined),
        new Promise((resolve) => (late = setTimeout(resolve, HEARTBEAT.withinMs))),
      ]);
      clearTimeout(late);
      current.connection.stream.destroy();
    },
  };
}
export type VersionListener = ReturnType<typeof createVersionListener>;
