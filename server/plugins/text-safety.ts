import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { findUnsafeText } from '#shared/text-safety.ts';
import { InvalidInputError } from '#server/errors.ts';

/**
 * Refuses a request whose body, query or path parameters hold a NUL byte or a lone surrogate, before any
 * schema or service sees it (shared/text-safety.ts says why), naming the field. One hook for the whole API,
 * so no endpoint can forget it.
 */
export async function rejectUnsafeText(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const field = findUnsafeText(part);
    if (field !== null) throw new InvalidInputError(SERVER_MESSAGES.unsafeText, field || undefined);
  }
}
