import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure the client caused and can read: answered as `{ message }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The request field at fault, for validation-like failures found after schema validation. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * One error shape for the whole API: `{ message }`, plus `field` for validation failures. Anything a
 * client can send maps to a 4xx; only our own faults are 500, and those never leak internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  // Without the page renderer (API tests) and for files that are missing (an unknown upload).
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = first.instancePath.split('/').filter(Boolean).join('.');
      return reply.code(400).send({ message: first.message, field: field || undefined });
    }
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ message: error.message, field: error.field });
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: error.message });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}

/** The answer for an `/api/…` address no endpoint serves (also used by the page renderer's catch-all). */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: `No API endpoint ${request.method} ${request.url.split('?')[0]}` });
}

/**
 * Errors Fastify raises before any route runs, such as a path with broken percent-encoding
 * (`/blogs/%E0%A4%A`): answered in our `{ message }` shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed before routing');
    return reply.code(500).send({ message: 'Internal server error' });
  }
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : 'The request is not valid';
  return reply.code(status).send({ message });
}
