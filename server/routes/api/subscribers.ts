import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '#shared/schemas/zod.ts';
import { subscribeSchema } from '#shared/schemas/subscribe.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import { rateLimit, type LimitRule } from '#server/plugins/rate-limits.ts';
import { toCsv } from '#server/modules/subscribers/csv.ts';
import { SUBSCRIBE_MESSAGES } from '#server/modules/subscribers/service.ts';
import type { Services } from '#server/services.ts';

export interface SubscriberRouteLimits {
  subscribePerIp: Pick<LimitRule, 'max' | 'windowMs'>;
}

const linkQuery = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  token: z.string().check(z.minLength(1), z.maxLength(100)),
});
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Subscriptions (public) and the admin inbox and subscriber list (issue 6). */
export const subscriberRoutes =
  (services: Services, limits: SubscriberRouteLimits): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/blogs-subscribers/add',
      {
        schema: { body: subscribeSchema },
        preHandler: rateLimit(app, { name: 'subscribe-ip', ...limits.subscribePerIp }),
      },
      async (request) => ({ data: { message: await services.subscribers.subscribe(request.body) } }),
    );

    // RFC 8058 one-click unsubscribe: mail clients POST to the List-Unsubscribe address, with the body
    // "List-Unsubscribe=One-Click" as application/x-www-form-urlencoded or multipart/form-data. The link's
    // query says everything, so the form body is accepted (small) and ignored.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data'],
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, _body, done) => done(null, undefined),
      );
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post('/blogs-subscribers/unsubscribe', { schema: { querystring: linkQuery } }, async (request) => {
          await services.subscribers.unsubscribe(request.query.id, request.query.token);
          return { data: { message: SUBSCRIBE_MESSAGES.unsubscribed } };
        });
    });

    await app.register(async (scope) => {
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', requireAdmin(services.auth));

      admin.get('/admin/messages', async () => ({ data: await services.contact.list() }));
      admin.post(
        '/admin/messages/:id/read',
        { schema: { params: idParams, body: z.object({ read: z.boolean() }) } },
        async (request) => ({
          data: await services.contact.setRead(request.params.id, request.body.read),
        }),
      );
      admin.delete('/admin/messages/:id', { schema: { params: idParams } }, async (request) => ({
        data: await services.contact.remove(request.params.id),
      }));

      admin.get('/admin/subscribers', async () => ({
        data: (await services.subscribers.list()).map((s) => ({
          _id: s.id,
          email: s.email,
          status: s.status,
          createdAt: s.created_at,
          confirmedAt: s.confirmed_at,
          source: s.post_id ? { _id: s.post_id, title: s.post_title } : null,
        })),
      }));
      admin.delete('/admin/subscribers/:id', { schema: { params: idParams } }, async (request) => ({
        data: await services.subscribers.remove(request.params.id),
      }));
      admin.get('/admin/subscribers/export.csv', async (_request, reply) => {
        const rows = await services.subscribers.list();
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', 'attachment; filename="subscribers.csv"');
        return toCsv(
          ['email', 'status', 'subscribed_at', 'confirmed_at', 'source_post'],
          rows.map((s) => [s.email, s.status, s.created_at, s.confirmed_at, s.post_title]),
        );
      });
    });
  };
