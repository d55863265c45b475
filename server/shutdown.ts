import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How long the steps after the drain may take before the process gives up and exits with 1. */
const CLOSE_TIMEOUT_MS = 10_000;
/** While closing, how often connections that became idle since are closed (see below). */
const IDLE_SWEEP_MS = 100;

/**
 * A shutdown an orchestrator can rely on (README, Deploying): `/readyz` fails at once while the process goes
 * on serving for `drainDelayMs`, so the load balancer stops sending before anything is refused; every answer
 * meanwhile carries `Connection: close`, so busy keep-alive connections are closed by their clients between
 * requests. Then the server stops listening, closes the idle connections, and waits for the requests in
 * flight; then `stop` finishes the rest (mail already claimed, jobs running, the database). Exits 0, or 1
 * when a step fails or the whole takes longer than the drain plus ten seconds.
 */
export async function shutDownGracefully(options: {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  drainDelayMs: number;
  signal: string;
  stop: () => Promise<void>;
}): Promise<never> {
  const { app, log, drainDelayMs } = options;
  log.info(`${options.signal} received: not ready, draining for ${drainDelayMs} ms, then shutting down`);
  setTimeout(() => {
    log.error('shutdown took too long: exiting anyway');
    process.exit(1);
  }, drainDelayMs + CLOSE_TIMEOUT_MS).unref();
  app.startDraining();
  await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  // Node closes the connections idle at close() only; one whose answer began before the drain (so it lacks
  // `Connection: close`) and ends later would stay open, and close() would wait for it until it times out.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
    clearInterval(sweep);
    await options.stop();
    return process.exit(0);
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    return process.exit(1);
  }
}
