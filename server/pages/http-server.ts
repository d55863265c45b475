import http from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** Answers a request before Fastify sees it, or returns false to hand it on (createHitAnswerer). */
export type FirstAnswer = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would make itself (its keep-alive, request and
 * connection time-outs, from the options it resolved: node_modules/fastify/lib/server.js
 * `getServerInstance`), with one step in front of Fastify's handler: `first()`, once set, may answer a
 * request itself. The page cache uses it for hits (./early-answer.ts, docs/decisions/0011-shared-page-cache.md).
 * `app.inject` calls Fastify's handler directly, so tests that inject still see the hit hook (./hit-hook.ts).
 */
export function httpServerFactory(first: () => FirstAnswer | undefined) {
  return (handler: http.RequestListener, options: FastifyServerOptions) => {
    // No `http` options are set in server/app.ts, so none are passed on.
    const server = http.createServer((req, res) => {
      if (!first()?.(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout!;
    server.requestTimeout = options.requestTimeout!;
    server.setTimeout(options.connectionTimeout!);
    if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    }
    return server;
  };
}
