import { Readable } from 'node:stream';
import { SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import * as api from '#shared/api/subscribers.ts';
import { csvStream } from '#server/lib/csv.ts';
import { actorOf, authOf } from '#server/plugins/auth.ts';
import { rateLimit, SHARED_LIMITS } from '#server/plugins/rate-limits.ts';
import { goalVisitOf } from './client-info';
import { route, type ApiRoutes } from './define';

const EXPORT_COLUMNS = ['email', 'status', 'subscribed_at', 'confirmed_at', 'source_post'];

/** Subscriptions (public) and the administrator's subscriber list. */
export const subscriberRoutes: ApiRoutes = {
  async public(scope, { services, limits }) {
    route(
      scope,
      api.subscribe,
      async (request) => {
        const { message, pendingId } = await services.subscribers.subscribe(request.body);
        if (pendingId)
          await services.analytics.subscriptionGoal(goalVisitOf(request), pendingId, request.body.blogId ?? null);
        return { data: { message } };
      },
      {
        preHandler: rateLimit(scope.app, SHARED_LIMITS.subscribe(limits)),
      },
    );

    // Mail clients send the one-click unsubscribe (RFC 8058) as a small form body that says nothing the
    // link's query does not: it is accepted (small) and ignored, in a scope of its own.
    await scope.app.register(async (oneClick) => {
      oneClick.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data'],
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, _body, done) => done(null, undefined),
      );
      route({ ...scope, app: oneClick }, api.unsubscribeOneClick, async (request) => {
        await services.subscribers.unsubscribe(request.query.id, request.query.token);
        return { data: { message: SUBSCRIBE_MESSAGES.unsubscribed } };
      });
    });
  },
  admin(scope, { services }) {
    route(scope, api.listSubscribers, async (request) => {
      const { subscribers, meta } = await services.subscribers.list(request.query);
      return { data: subscribers, meta };
    });
    route(scope, api.addSubscriber, async (request) => {
      const { email } = request.body;
      const result = await services.subscribers.addByAdmin(request.body);
      return {
        data: {
          message: result === 'added' ? SUBSCRIBE_MESSAGES.added(email) : SUBSCRIBE_MESSAGES.alreadyConfirmed(email),
        },
      };
    });
    route(
      scope,
      api.importSubscribers,
      async (request) => {
        const result = await services.subscribers.importCsv(request.body);
        const message = SUBSCRIBE_MESSAGES.imported(result.added, result.existing, result.invalid.length);
        return { data: { message, ...result } };
      },
      { bodyLimit: 6 * 1024 * 1024 },
    );
    route(scope, api.removeSubscriber, async (request) => ({
      data: await services.subscribers.remove(request.params.id),
    }));
    route(scope, api.exportSubscribers, async (request, reply) => {
      // Every subscriber's address leaves the site: a recent proof of who asks (docs/product.md#re-authentication).
      await services.auth.requireRecentAuth(authOf(request));
      // Who took the addresses is in the activity log (written as the download starts).
      await services.activity.record(services.db, { action: 'subscribers.exported', actor: actorOf(request) });
      reply.header('content-type', api.exportSubscribers.file.contentType);
      reply.header('content-disposition', 'attachment; filename="subscribers.csv"');
      const csv = csvStream(EXPORT_COLUMNS, services.subscribers.all(), (s) => [
        s.email,
        s.status,
        s.createdAt,
        s.confirmedAt,
        s.source?.title ?? s.consentSource,
      ]);
      return reply.send(Readable.from(csv));
    });
  },
};
