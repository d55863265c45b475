import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '#server/modules/auth/sign-in-context.ts';
import type { GoalVisit } from '#server/modules/analytics/service.ts';
import { visitSignals } from '#shared/analytics.ts';
import { clientAddress } from '#server/plugins/rate-limits.ts';

/** Who is asking, as a sign-in keeps it with its session: the address the limits count and the browser. */
export const clientInfoOf = (request: FastifyRequest): ClientInfo => ({
  address: clientAddress(request),
  userAgent: request.headers['user-agent'] ?? '',
});

/**
 * Who a counted request comes from, for the analytics (docs/product.md#analytics): the address, the browser
 * and what it asks of counting (Global Privacy Control, a prefetch).
 */
export const visitOf = (request: FastifyRequest) => ({
  address: clientAddress(request),
  ...visitSignals((name) => request.headers[name] as string | undefined),
});

/**
 * Where a form was sent from, for the analytics' goals: the page in the Referer (the site's own pages send
 * their full address to the site), and who sent it.
 */
export const goalVisitOf = (request: FastifyRequest): GoalVisit => ({
  page: request.headers.referer,
  ...visitOf(request),
});
