import { deleteMessage, listMessages, markMessageRead } from '#shared/api/inbox.ts';
import { route, type ApiRoutes } from './define';

/** The admin inbox of contact messages. */
export const inboxRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, listMessages, async (request) => {
      const { messages, meta } = await services.contact.list(request.query);
      return { data: messages, meta };
    });
    route(scope, markMessageRead, async (request) => ({
      data: await services.contact.setRead(request.params.id, request.body.read),
    }));
    route(scope, deleteMessage, async (request) => ({ data: await services.contact.remove(request.params.id) }));
  },
};
