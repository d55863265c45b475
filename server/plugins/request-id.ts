import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** What an incoming request id may look like: a proxy's or a tracer's id, not a way to write into logs. */
const ACCEPTED_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * A request's id: the `x-request-id` a proxy or client sent, when it looks like an id, or a new one. Fastify
 * puts it on every log line of the request (`reqId`), so one id follows a request through nginx and here.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && ACCEPTED_ID.test(sent) ? sent : randomUUID();
}

/** Answers carry the id, so a user's report or a proxy log can be matched to the server's log lines. */
export function registerRequestIdHeader(app: FastifyInstance) {
  // A callback hook: an async one would cost a promise on every request, cached pages included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
