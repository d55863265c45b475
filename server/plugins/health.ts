import type { FileStorage } from '#server/lib/storage/storage.ts';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { ping, type Db } from '#server/db/database.ts';

/** How long readiness waits for the database before it calls it unreachable. */
export const READY_CHECK_MS = 2_000;

/** Whether the database answers a trivial query in time. */
export async function databaseAnswers(db: Db, withinMs = READY_CHECK_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  const answered = ping(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful shutdown (server/main.ts): `/readyz` fails from now on, so the load
     * balancer stops sending, while everything else is still served; every answer from now on carries
     * `Connection: close`, so clients close their keep-alive connections themselves, between requests,
     * instead of having them closed under a request they are sending.
     */
    startDraining(): void;
    /** Whether `startDraining` was called. */
    readonly draining: boolean;
  }
}

/**
 * `startDraining` and the `Connection: close` it adds; answers whether draining has begun. Registered before
 * the cached-page hook (server/app.ts): a hit is sent from onRequest with the headers set so far, so the
 * header must be on the reply by then; onSend covers answers that began before the drain and end after.
 */
export function registerDrain(app: FastifyInstance): () => boolean {
  if (app.hasDecorator('startDraining')) return () => app.draining;
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('draining', { getter: () => draining });
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return () => draining;
}

/**
 * Probes for a process manager or load balancer (README, Deploying): `/healthz` says the process is alive
 * and answers at once, whatever the database does; `/readyz` says it can serve, meaning the database
 * answers and the process is not draining for a shutdown. Migrations have run before the server listens
 * (server/boot.ts). Once the server closes, Fastify answers every new request, these included, 503.
 * Neither is cached, logged as an error or rate-limited.
 */
/**
 * Whether the object store answers (S3 mode; a disk always does), asked at most every STORE_PROBE_MS and
 * once at a time however many probes arrive: a load balancer polling every second never makes more than
 * one bucket request per process in that time, and a silent store costs a probe its deadline once.
 */
const STORE_PROBE_MS = 5_000;
function storageProbe(storage: Pick<FileStorage, 'check'>): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > STORE_PROBE_MS) {
      last = {
        at: Date.now(),
        answer: storage.check().then(
          () => true,
          () => false,
        ),
      };
    }
    return last.answer;
  };
}

export function registerHealth(app: FastifyInstance, db: Db, storage?: Pick<FileStorage, 'check'>) {
  const draining = registerDrain(app);
  const storeAnswers = storage ? storageProbe(storage) : async () => true;
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining()) return reply.code(503).send({ status: 'unavailable', message: SERVER_MESSAGES.shuttingDown });
    const [database, store] = await Promise.all([databaseAnswers(db), storeAnswers()]);
    if (!database) return reply.code(503).send({ status: 'unavailable', message: SERVER_MESSAGES.databaseUnavailable });
    if (!store) return reply.code(503).send({ status: 'unavailable', message: SERVER_MESSAGES.storageUnavailable });
    return { status: 'ready' };
  });
}
