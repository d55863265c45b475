import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AnsweredHit } from '#server/pages/early-answer.ts';

/**
 * Fastify logs two lines per request ("incoming request", "request completed"), each with the request
 * serialised; an access log needs one. This controller, Fastify's own hook for its request log lines, writes
 * one line when the answer is sent (its request id comes with `reply.log`), nothing when access logging is
 * off, and the failures Fastify reports (a broken response, its default error handler) either way.
 */
class AccessLog extends LogController {
  constructor(private readonly enabled: boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ ...lineOf(request, reply), err: error }, 'request errored');
    } else if (this.enabled) {
      reply.log.info(lineOf(request, reply), 'request');
    }
  }

  /** "Route not found" is the access line's status 404; it is not worth a line of its own. */
  override routeNotFound(): void {}
}

/** The fields of an access line; `bytes` is the body's length when known (a stream may not say). */
const lineOf = (request: FastifyRequest, reply: FastifyReply) => ({
  method: request.method,
  url: request.url,
  status: reply.statusCode,
  ms: Math.round(reply.elapsedTime * 10) / 10,
  bytes: Number(reply.getHeader('content-length')) || undefined,
});

/** The log controller for `Fastify({ logController })`: one line per request when `enabled`, errors always. */
export const accessLog = (enabled: boolean): LogController => new AccessLog(enabled);

/**
 * The access line of a cache hit answered before Fastify (createHitAnswerer in server/pages/early-answer.ts): the same
 * fields as every other request's line, under the same `reqId` label Fastify's request logger adds.
 */
export function logAnsweredHit(log: FastifyBaseLogger, enabled: boolean, hit: AnsweredHit): void {
  // Below level info pino's `info` is a no-op: the line is built and dropped, as Fastify's own would be.
  if (!enabled) return;
  const ms = Math.round((performance.now() - hit.startedAt) * 10) / 10;
  log.info(
    { reqId: hit.id, method: hit.method, url: hit.url, status: hit.status, ms, bytes: hit.bytes || undefined },
    'request',
  );
}
