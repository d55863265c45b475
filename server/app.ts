import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessLog, logAnsweredHit } from './plugins/access-log';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerJsonBody } from './plugins/json-body';
import { registerDrain, registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import { registerNewsletterLinks } from './plugins/newsletter-links';
import { registerRequestIdHeader, requestIdOf } from './plugins/request-id';
import { registerSecurity } from './plugins/security';
import { registerSitemaps } from './plugins/sitemaps';
import { registerStatic } from './plugins/static';
import { createPageCache } from '#server/pages/cache.ts';
import { createHitAnswerer } from '#server/pages/early-answer.ts';
import { registerCachedPageHits } from '#server/pages/hit-hook.ts';
import { httpServerFactory, type FirstAnswer } from '#server/pages/http-server.ts';
import { registerRedirects } from '#server/pages/redirects.ts';
import { registerSsr, type SsrOptions } from '#server/pages/route.ts';
import { registerApi } from './routes/api';
import { effectiveLimits, limitPages, type RateLimits } from './plugins/rate-limits';
import type { Services } from './services';

export interface AppOptions {
  services: Services;
  /** Omitted by API tests, which need no pages. */
  ssr?: SsrOptions;
  /** Folder of the client build (hashed assets, favicon …) to serve; omitted in dev and API tests. */
  clientDir?: string;
  /** Rate limits, overridable by tests. */
  rateLimits?: Partial<RateLimits>;
  logger?: boolean | object;
  /** Runs before any route is added (dev: Vite's middleware). */
  before?: (app: FastifyInstance) => Promise<void>;
}

/** Longest path parameter, as sent (encoded): a 300-character title of 3-byte letters is 2,700. */
const MAX_PATH_PARAM_LENGTH = 3000;

/** Plugins in a fixed order: error shape, security, API, static files, sitemaps, then the page renderer. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const { config } = services;
  // Set once the page cache exists (below): cache hits are answered before Fastify (server/pages/early-answer.ts).
  let firstAnswer: FirstAnswer | undefined;
  const app = Fastify({
    serverFactory: httpServerFactory(() => firstAnswer),
    logger: options.logger ?? { level: config.logLevel },
    // One access line per request (ACCESS_LOG), instead of Fastify's two; errors are logged either way.
    logController: accessLog(config.accessLog),
    // A hop count as Fastify's own function for it (its types leave numbers out).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Blog addresses carry a post's title (up to 300 characters, '/' as '_slash_', non-ASCII percent-encoded):
    // the router's default of 100 characters per path parameter would answer 414 to long titles.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBody(app);
  registerRequestIdHeader(app);
  registerMetrics(app, services.metrics, config.metrics);
  registerDrain(app);
  // The content-version listener (PostgreSQL) is a connection of its own: closed with the app.
  app.addHook('onClose', () => services.siteMeta.contentVersion.stop());
  // Redirect hits and 404s counted since the last flush are saved as the app closes.
  app.addHook('onClose', () => services.redirects.stop());
  // Counted page views held in memory are written as the app closes (docs/decisions/0040-analytics.md).
  app.addHook('onClose', () => services.analytics.stop());
  // Clicks on newsletter links counted since the last flush are saved as the app closes.
  app.addHook('onClose', () => services.newsletter.stopClicks());
  // Redirect rules answer before cached pages and routing (docs/product.md#redirects).
  registerRedirects(app, services.redirects, { pages: Boolean(options.ssr) });
  // Counted newsletter links (`/r/<token>`, reserved from the rules) too (docs/product.md#newsletters).
  registerNewsletterLinks(app, services.newsletter);
  // Cached pages are answered here, before the security headers are computed again (they are stored
  // with the page) and before routing's later stages (docs/decisions/0011-shared-page-cache.md).
  const onCacheResult = (hit: boolean) => {
    services.metrics.pageCacheResult(hit);
    options.ssr?.onCacheResult?.(hit);
  };
  const pageCache = options.ssr?.cache ? createPageCache({ onCacheResult }) : undefined;
  if (pageCache) {
    registerCachedPageHits(app, pageCache, services.siteMeta.contentVersion);
    firstAnswer = createHitAnswerer(pageCache, services.siteMeta.contentVersion, {
      draining: () => app.draining,
      requestId: requestIdOf,
      redirects: services.redirects,
      answered(hit) {
        services.metrics.request(hit.method, hit.route, hit.status, (performance.now() - hit.startedAt) / 1000);
        logAnsweredHit(app.log, config.accessLog, hit);
      },
    });
  }
  await options.before?.(app);
  await registerSecurity(app, config, { devServer: options.ssr?.mode === 'development' });
  registerHealth(app, services.db, services.storage);

  const limits = effectiveLimits(config.rateLimitMultiplier, options.rateLimits);
  await registerApi(app, { services, limits });
  // The search page is rendered for every request (docs/decisions/0023-search.md): limited like its API.
  limitPages(app, '/search', { name: 'search-ip', ...limits.searchPerIp });

  await registerStatic(app, { clientDir: options.clientDir, storage: services.storage });
  registerSitemaps(app, services);
  if (options.ssr) await registerSsr(app, options.ssr, services, limits, pageCache);
  return app;
}
