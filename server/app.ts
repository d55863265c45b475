import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { frameworkErrors, registerErrorHandling, sendApiNotFound } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerSsr, type SsrOptions } from './plugins/ssr';
import { registerStatic } from './plugins/static';
import { authRoutes, type AuthRouteLimits } from './routes/api/auth';
import { blogRoutes } from './routes/api/blog';
import { contactRoutes, type ContactRouteLimits } from './routes/api/contact';
import { contentRoutes } from './routes/api/content';
import { contentAdminRoutes } from './routes/api/content-admin';
import { subscriberRoutes, type SubscriberRouteLimits } from './routes/api/subscribers';
import { uploadRoutes } from './routes/api/uploads';
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

type RateLimits = ContactRouteLimits & AuthRouteLimits & SubscriberRouteLimits;

/** Longest path parameter, as sent (encoded): a 300-character title of 3-byte letters is 2,700. */
const MAX_PATH_PARAM_LENGTH = 3000;

const MINUTE = 60_000;
const DEFAULT_LIMITS: RateLimits = {
  contactPerIp: { max: 10, windowMs: 10 * MINUTE },
  loginPerIp: { max: 20, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  resetPerIp: { max: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { max: 5, windowMs: 60 * MINUTE },
  otpPerIp: { max: 20, windowMs: 15 * MINUTE },
  subscribePerIp: { max: 10, windowMs: 60 * MINUTE },
};

/** Plugins in a fixed order: error shape, security, API, static files, then the page renderer. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const { config } = services;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Blog addresses carry a post's title (up to 300 characters, '/' as '_slash_', non-ASCII percent-encoded):
    // the router's default of 100 characters per path parameter would answer 414 to long titles.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await options.before?.(app);
  await registerSecurity(app, config, { devServer: options.ssr?.mode === 'development' });

  const scaled = Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, rule]) => [
      name,
      { ...rule, max: Math.ceil(rule.max * config.rateLimitMultiplier) },
    ]),
  ) as RateLimits;
  const limits: RateLimits = { ...scaled, ...options.rateLimits };
  await app.register(
    async (api) => {
      await api.register(import('@fastify/compress'), { global: true, threshold: 1024 });
      await api.register(contentRoutes(services));
      await api.register(contactRoutes(services, limits));
      await api.register(authRoutes(services, limits));
      await api.register(contentAdminRoutes(services));
      await api.register(uploadRoutes(services));
      await api.register(blogRoutes(services));
      await api.register(subscriberRoutes(services, limits));
      api.setNotFoundHandler(sendApiNotFound);
    },
    { prefix: '/api' },
  );

  await registerStatic(app, { clientDir: options.clientDir, uploadsDir: services.storage.root });
  if (options.ssr) await registerSsr(app, options.ssr, services);
  return app;
}
