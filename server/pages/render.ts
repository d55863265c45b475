import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { describeError } from '#server/plugins/errors.ts';
import { pageContentSecurityPolicy } from '#server/plugins/security.ts';
import { publicSiteInfo, type Services } from '#server/services.ts';
import type { FormPostContext } from './form-post.ts';
import { requestNonce, sharedNonce } from './nonce.ts';
import type { CachedPage } from './page.ts';
import { inlineScriptHashes } from './script-hashes.ts';
import { toWebRequest } from './web-request.ts';

/**
 * Renders a page through React Router into what is sent and kept: body, headers, ETag and the
 * Content-Security-Policy that allows exactly its inline scripts (docs/decisions/0003-page-cache.md).
 * `shared`: a cacheable page, rendered from its cache key for every request that wants it, with a nonce
 * every process derives alike (0011-shared-page-cache.md).
 */
export function createRenderer(
  options: { build: ServerBuild | (() => Promise<ServerBuild>); mode: 'development' | 'production' },
  services: Services,
  formPost: (request: FastifyRequest) => FormPostContext,
) {
  const handle = createRequestHandler(options.build, options.mode);
  const origin = new URL(services.config.publicUrl).origin;

  return async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    version: number,
    shared?: { key: string },
    extra: { gone?: boolean } = {},
  ): Promise<CachedPage> {
    const nonce = shared ? sharedNonce(await services.siteMeta.pageSecret(), shared.key, version) : requestNonce();
    // The identity of this content version: a save bumps it, so a cached page never mixes two identities.
    const [identity, navigation] = await Promise.all([
      services.identity.current(version),
      // The menu of the same version: resolved once per version and process (server/modules/navigation).
      services.navigation.publicMenu(version),
    ]);
    const site = publicSiteInfo(services.config, identity);
    const response = await handle(toWebRequest(request, reply, origin, shared), {
      services,
      site,
      nonce,
      describeError,
      navigation,
      formPost: formPost(request),
      gone: extra.gone ?? false,
    });
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()].filter(([k]) => k !== 'set-cookie' && k !== 'content-length');
    for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    // In development Vite injects scripts of its own; the hashed policy is for the production build.
    const html = options.mode === 'production' && (response.headers.get('content-type') ?? '').startsWith('text/html');
    const csp = html
      ? pageContentSecurityPolicy(services.config, inlineScriptHashes(body.toString('utf8'), nonce))
      : undefined;
    return { version, status: response.status, headers, body, etag, csp };
  };
}
