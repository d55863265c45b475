import { discardOutgoingMail, listOutgoingMail, mailTrouble, retryOutgoingMail } from '#shared/api/mail.ts';
import { route, type ApiRoutes } from './define';

/** Outgoing mail: what failed or waits, with Retry and Discard (docs/product.md#outgoing-mail). */
export const mailRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, listOutgoingMail, async (request) => ({
      data: await services.mail.list(request.query.status ?? 'failed'),
    }));
    route(scope, mailTrouble, async () => ({ data: await services.mail.trouble() }));
    route(scope, retryOutgoingMail, async (request) => ({ data: await services.mail.retry(request.params.id) }));
    route(scope, discardOutgoingMail, async (request) => ({
      data: await services.mail.discard(request.params.id),
    }));
  },
};
