import { listSetupNotices } from '#shared/api/setup.ts';
import { setupNoticeTexts } from '#server/config.ts';
import { route, type ApiRoutes } from './define';

/** The configuration notices of the admin (docs/product.md#setup-notices). */
export const setupRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, listSetupNotices, async () => ({ data: setupNoticeTexts(services.config) }));
  },
};
