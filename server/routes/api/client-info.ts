import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '#server/modules/auth/sign-in-context.ts';
import { clientAddress } from '#server/plugins/rate-limits.ts';

/** Who is asking, as a sign-in keeps it with its session: the address the limits count and the browser. */
export const clientInfoOf = (request: FastifyRequest): ClientInfo => ({
  address: clientAddress(request),
  userAgent: request.headers['user-agent'] ?? '',
});
