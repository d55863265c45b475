import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  GoneError,
  InvalidInputError,
  NotAuthenticatedError,
  NotFoundError,
  TooLargeError,
  UnsupportedMediaError,
  UpstreamError,
} from '#server/errors.ts';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { StorageUnavailableError } from '#server/lib/storage/storage.ts';

/** The HTTP status of each domain error (server/errors.ts); the only place domain meets HTTP. */
const STATUS_OF = new Map<new (...args: never[]) => DomainError, number>([
  [InvalidInputError, 400],
  [NotAuthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [GoneError, 410],
  [TooLargeError, 413],
  [UnsupportedMediaError, 415],
  [UpstreamError, 502],
]);

/** The status a domain error answers with; 500 for anything else (our own fault). */
export function httpStatusOf(error: unknown): number {
  if (error instanceof DomainError) {
    for (const [type, status] of STATUS_OF) if (error instanceof type) return status;
    return 400;
  }
  return 500;
}

/** What a page may show of a failure: the domain's message, or a generic one for our own faults. */
export function describeError(error: unknown): { status: number; message: string } {
  if (isDatabaseUnavailable(error)) return { status: 503, message: SERVER_MESSAGES.siteUnavailable };
  const status = httpStatusOf(error);
  return {
    status,
    message: status < 500 && error instanceof Error ? error.message : SERVER_MESSAGES.pageFailed,
  };
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: SERVER_MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: SERVER_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: SERVER_MESSAGES.unsupportedContentType,
};

/**
 * One error shape for the whole API: `{ message }`, plus `field` for validation failures. Anything a
 * client can send maps to a 4xx; only our own faults are 500, and those never leak internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  // Without the page renderer (API tests) and for files that are missing (an unknown upload).
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: SERVER_MESSAGES.notFound }));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = first.instancePath.split('/').filter(Boolean).join('.');
      return reply.code(400).send({ message: first.message, field: field || undefined });
    }
    const domain: unknown = error;
    if (domain instanceof DomainError) {
      return reply.code(httpStatusOf(domain)).send({ message: domain.message, field: domain.field, code: domain.code });
    }
    // The object store (S3 mode) is away, slow or refuses our keys: said as such, not as the database.
    if (domain instanceof StorageUnavailableError) {
      request.log.warn({ err: error }, 'object store unavailable');
      return reply
        .code(503)
        .header('retry-after', '30')
        .header('cache-control', 'no-store')
        .send({ message: SERVER_MESSAGES.storageUnavailable });
    }
    // The database is down or unreachable: not our fault, and worth trying again shortly.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '30')
        .header('cache-control', 'no-store')
        .send({ message: SERVER_MESSAGES.siteUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRAMEWORK_MESSAGES[error.code] ??
        (error instanceof SyntaxError ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : error.message);
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: SERVER_MESSAGES.internalError });
  });
}

/** The answer for an `/api/…` address no endpoint serves (also used by the page renderer's catch-all). */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: SERVER_MESSAGES.noEndpoint(request.method, request.url.split('?')[0]!) });
}

/**
 * Errors Fastify raises before any route runs, such as a path with broken percent-encoding
 * (`/blogs/%E0%A4%A`): answered in our `{ message }` shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed before routing');
    return reply.code(500).send({ message: SERVER_MESSAGES.internalError });
  }
  const message = error.code === 'FST_ERR_BAD_URL' ? SERVER_MESSAGES.badAddress : SERVER_MESSAGES.badRequest;
  return reply.code(status).send({ message });
}
