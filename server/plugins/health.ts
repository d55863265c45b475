import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import type { Db } from '#server/db/database.ts';

/** How long readiness waits for the database before it calls it unreachable. */
export const READY_CHECK_MS = 2_000;

/** Whether the database answers a trivial query in time. */
export async function databaseAnswers(db: Db, withinMs = READY_CHECK_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a process manager or load balancer (README, Deploying): `/healthz` says the process is alive
 * and answers at once, whatever the database does; `/readyz` says it can serve, meaning the database
 * answers. Migrations have run before the server listens (server/boot.ts). While the server closes, Fastify
 * answers every new request, these included, 503. Neither is cached, logged as an error or rate-limited.
 */
export function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await databaseAnswers(db)) return { status: 'ready' };
    return reply.code(503).send({ status: 'unavailable', message: SERVER_MESSAGES.databaseUnavailable });
  });
}
