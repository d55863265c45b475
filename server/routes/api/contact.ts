import { SERVER_MESSAGES } from '#shared/messages.ts';
import { sendMail } from '#shared/api/contact.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { route, type ApiRoutes } from './define';

export const contactRoutes: ApiRoutes = {
  public(scope, { services, limits }) {
    route(
      scope,
      sendMail,
      async (request) => {
        await services.contact.receive(request.body, request.ip);
        return { data: { message: SERVER_MESSAGES.contactReceived } };
      },
      { preHandler: rateLimit(scope.app, { name: 'contact-ip', ...limits.contactPerIp }), bodyLimit: 64 * 1024 },
    );
  },
};
