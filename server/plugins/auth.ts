import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { SERVER_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { can, type Capability, type Person } from '#shared/roles.ts';
import type { AuthContext, AuthService } from '#server/modules/auth/service.ts';
import type { Actor } from '#server/modules/revisions/service.ts';
import { ForbiddenError, NotAuthenticatedError } from '#server/errors.ts';
import { clientAddress } from './rate-limits';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The one guard of the admin API scope (server/routes/api/index.ts). It runs as an onRequest hook, before the body is parsed or
 * validated, so without a valid, unexpired, unrevoked token the answer is 401 whatever was sent.
 */
export function requireAdmin(auth: AuthService): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const context = token ? await auth.authenticate(token) : null;
    if (!context) throw new NotAuthenticatedError(SERVER_MESSAGES.loginRequired);
    request.auth = { ...context, address: clientAddress(request) };
  };
}

/** 403 unless the signed-in person's role has the capability (shared/roles.ts). */
export function requireCapability(request: FastifyRequest, capability: Capability): void {
  if (!can(authOf(request).person, capability)) throw new ForbiddenError(TEAM_MESSAGES.forbidden);
}

/** Who makes a change, for the history of what they change. */
export function actorOf(request: FastifyRequest): Actor {
  const { user, address } = authOf(request);
  return { id: user._id, name: user.name || user.email, address };
}

/** Who makes a change and what their role lets them touch (the blog's own-post rules). */
export function writerOf(request: FastifyRequest): Actor & { person: Person } {
  return { ...actorOf(request), person: authOf(request).person };
}

/** For handlers behind `requireAdmin`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new NotAuthenticatedError(SERVER_MESSAGES.loginRequired);
  return request.auth;
}
