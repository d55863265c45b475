import pg from 'pg';
import { isContentVersionNotice, listenForContentVersions } from './repository';

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

  function drop(current: pg.Client, err?: Error) {
    if (client !== current) return;
    client = null;
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
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
    events.listening();
    return true;
  }

  return {
    /** Connects once; resolves whether it listens now (if not, it keeps trying in the background). */
    start: connect,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
export type VersionListener = ReturnType<typeof createVersionListener>;
