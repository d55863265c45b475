import { SERVER_MESSAGES } from '#shared/messages.ts';
import { deleteMessage, listMessages, markMessageRead, sendMail } from '#shared/api/contact.ts';
import { rateLimit, SHARED_LIMITS } from '#server/plugins/rate-limits.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { goalVisitOf } from './client-info';
import { route, type ApiRoutes } from './define';

/** The visitor's contact form, and the admin inbox of the messages it sent. */
export const contactRoutes: ApiRoutes = {
  public(scope, { services, limits }) {
    route(
      scope,
      sendMail,
      async (request) => {
        const { stored } = await services.contact.receive(request.body, request.ip);
        if (stored) await services.analytics.contactGoal(goalVisitOf(request));
        return { data: { message: SERVER_MESSAGES.contactReceived } };
      },
      { preHandler: rateLimit(scope.app, SHARED_LIMITS.contact(limits)), bodyLimit: 64 * 1024 },
    );
  },
  admin(scope, { services }) {
    route(scope, listMessages, async (request) => {
      const { messages, meta } = await services.contact.list(request.query);
      return { data: messages, meta };
    });
    route(scope, markMessageRead, async (request) => ({
      data: await services.contact.setRead(request.params.id, request.body.read, actorOf(request).name),
    }));
    route(scope, deleteMessage, async (request) => ({ data: await services.contact.remove(request.params.id) }));
  },
};
