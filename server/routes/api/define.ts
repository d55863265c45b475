import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod/mini';
import { errorSchema, successSchema, type DataOf, type Endpoint } from '#shared/api/endpoint.ts';
import type { Services } from '#server/services.ts';
import type { RateLimits } from '#server/plugins/rate-limits.ts';
import { requireCapability } from '#server/plugins/auth.ts';

/** Where routes are added: the public API, or the scope behind the one admin guard. */
export interface ApiScope {
  app: FastifyInstance;
  access: Endpoint['access'];
}

export interface ApiContext {
  services: Services;
  limits: RateLimits;
}

/** A resource's routes: its public ones and its admin ones (server/routes/api/index.ts adds each to its scope). */
export interface ApiRoutes {
  public?: (scope: ApiScope, context: ApiContext) => void | Promise<void>;
  admin?: (scope: ApiScope, context: ApiContext) => void | Promise<void>;
}

type Input<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type Meta<E extends Endpoint> = E['meta'] extends z.ZodMiniType ? { meta?: z.output<E['meta']> } : unknown;
/** What a handler answers: the file's text, or `{ data }` (and `meta` where the endpoint has it). */
export type Answer<E extends Endpoint> = E['file'] extends object ? string : { data: DataOf<E> } & Meta<E>;
export type ApiRequest<E extends Endpoint> = FastifyRequest<{
  Params: Input<E['params']>;
  Querystring: Input<E['query']>;
  Body: Input<E['body']>;
}>;

/**
 * Adds the route of an endpoint of the contract (shared/api): its path, method and request schemas, and
 * its answer as the response schema, so what goes out is what the contract says. An endpoint can only be
 * added to the scope of its access, so an admin endpoint cannot end up outside the guard, and an admin
 * endpoint always answers 403 to a role without its capability.
 */
export function route<E extends Endpoint>(
  scope: ApiScope,
  endpoint: E,
  handler: (request: ApiRequest<E>, reply: FastifyReply) => Promise<Answer<E> | FastifyReply>,
  options: { preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[]; bodyLimit?: number } = {},
): void {
  if (endpoint.access !== scope.access) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} is ${endpoint.access} but was added to the ${scope.access} API`,
    );
  }
  const capability = endpoint.allow;
  scope.app.route({
    method: endpoint.method,
    url: endpoint.path,
    // After the scope's session guard and before the body is read: a role without the endpoint's
    // capability gets 403 whatever it sent (shared/roles.ts).
    ...(capability ? { onRequest: async (request: FastifyRequest) => requireCapability(request, capability) } : {}),
    schema: {
      // Only the parts the endpoint has (Fastify warns about each part given as undefined).
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: successSchema(endpoint), '4xx': errorSchema, '5xx': errorSchema },
    },
    ...options,
    handler: handler as never,
  });
}
