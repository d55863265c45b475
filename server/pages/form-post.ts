import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORM_POST_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import {
  clientAddress,
  SHARED_LIMITS,
  takeTry,
  tooManyRequestsMessage,
  type RateLimits,
} from '#server/plugins/rate-limits.ts';

/**
 * Form posts to pages: the contact form, the subscribe box and the unsubscribe button post to the server
 * when the page's scripts have not run (docs/decisions/0028-forms-without-javascript.md).
 */

/** The largest form body a page takes: the contact API's own limit (server/routes/api/contact.ts). */
export const FORM_BODY_LIMIT = 64 * 1024;

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * Why a POST to a page with an action is refused before it is rendered, or null. Only what our forms
 * send (URL-encoded fields) is read. A browser says where a post comes from: `Sec-Fetch-Site` (every
 * current browser) must be `same-origin`; without it, an `Origin` must be the site's own. `Origin: null`
 * alone is refused: it is what a sandboxed frame elsewhere sends. A post with neither header does not
 * come from a browser, which always sends one of them, so no visitor's session is at stake (the forms
 * are public and need none); the API takes the same requests from anyone anyway.
 */
export function formPostRefusal(
  request: FastifyRequest,
  siteOrigin: string,
): { status: number; message: string } | null {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== FORM_CONTENT_TYPE) return { status: 415, message: SERVER_MESSAGES.unsupportedContentType };
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const sameSite =
    fetchSite !== undefined ? fetchSite === 'same-origin' : origin === undefined || origin === siteOrigin;
  return sameSite ? null : { status: 403, message: FORM_POST_MESSAGES.crossSite };
}

/** What a page's action needs of the request beyond the services (app/lib/load-context.ts). */
export interface FormPostContext {
  /** The client's address as the API records it (`request.ip`). */
  ip: string;
  /** The same, as the rate limits and the analytics count it (IPv4-mapped IPv6 as IPv4). */
  address: string;
  /**
   * Takes a try of the limit the form shares with its API endpoint: null when let through, else how long
   * to wait and the API's message for it.
   */
  limit(form: keyof typeof SHARED_LIMITS): Promise<{ retryAfter: number; message: string } | null>;
}

export function formPostContext(app: FastifyInstance, limits: RateLimits) {
  return (request: FastifyRequest): FormPostContext => ({
    ip: request.ip,
    address: clientAddress(request),
    async limit(form) {
      const wait = await takeTry(app, SHARED_LIMITS[form](limits), request);
      return wait === null ? null : { retryAfter: wait, message: tooManyRequestsMessage(wait) };
    },
  });
}
