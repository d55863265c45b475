import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '#server/plugins/auth.ts';
import { requireSecondFactor } from '#server/plugins/two-factor-gate.ts';
import { sendApiNotFound } from '#server/plugins/errors.ts';
import { rejectUnsafeText } from '#server/plugins/text-safety.ts';
import { activityRoutes } from './activity';
import { analyticsRoutes } from './analytics';
import { authRoutes } from './auth';
import { autosaveRoutes } from './autosave';
import { blogRoutes } from './blog';
import { contactRoutes } from './contact';
import { contentRoutes } from './content';
import type { ApiContext, ApiRoutes } from './define';
import { importRoutes } from './imports';
import { mailRoutes } from './mail';
import { newsletterRoutes } from './newsletter';
import { pageRoutes } from './pages';
import { passkeyRoutes } from './passkeys';
import { presenceRoutes } from './presence';
import { profileRoutes } from './profile';
import { redirectRoutes } from './redirects';
import { reviewRoutes } from './review';
import { revisionRoutes } from './revisions';
import { searchRoutes } from './search';
import { sessionRoutes } from './sessions';
import { setupRoutes } from './setup';
import { navigationRoutes } from './navigation';
import { siteExportRoutes } from './site-export';
import { siteIdentityRoutes } from './site-identity';
import { staffRoutes } from './staff';
import { subscriberRoutes } from './subscribers';
import { tagRoutes } from './tags';
import { twoFactorRoutes } from './two-factor';
import { MAX_UPLOAD_BYTES, uploadRoutes } from './uploads';

const RESOURCES: ApiRoutes[] = [
  contentRoutes,
  contactRoutes,
  authRoutes,
  uploadRoutes,
  blogRoutes,
  tagRoutes,
  redirectRoutes,
  importRoutes,
  pageRoutes,
  subscriberRoutes,
  mailRoutes,
  newsletterRoutes,
  revisionRoutes,
  reviewRoutes,
  autosaveRoutes,
  setupRoutes,
  navigationRoutes,
  siteIdentityRoutes,
  siteExportRoutes,
  staffRoutes,
  profileRoutes,
  twoFactorRoutes,
  sessionRoutes,
  activityRoutes,
  passkeyRoutes,
  presenceRoutes,
  searchRoutes,
  analyticsRoutes,
];

/**
 * Everything under `/api`: the public routes of every resource, then the admin routes in one scope
 * behind one guard, which runs before the body is parsed, so without a live session the answer is 401
 * whatever was sent.
 */
export async function registerApi(app: FastifyInstance, context: ApiContext) {
  await app.register(
    async (api) => {
      await api.register(compress, { global: true, threshold: 1024 });
      api.addHook('preValidation', rejectUnsafeText);
      // Answers about a login (its token, a reset) are never kept by a browser or proxy cache.
      api.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith('/api/auth/')) reply.header('cache-control', 'no-store');
      });
      for (const resource of RESOURCES) await resource.public?.({ app: api, access: 'public' }, context);
      await api.register(async (admin) => {
        // Every answer of the admin scope, the guard's 401 included, is private: never stored.
        admin.addHook('onRequest', async (_request, reply) => void reply.header('cache-control', 'no-store'));
        admin.addHook('onRequest', requireAdmin(context.services.auth));
        admin.addHook('onRequest', requireSecondFactor(context.services.twoFactor));
        await admin.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
        for (const resource of RESOURCES) await resource.admin?.({ app: admin, access: 'admin' }, context);
      });
      api.setNotFoundHandler(sendApiNotFound);
    },
    { prefix: '/api' },
  );
}
