import { getNavigation, navigationTargets, saveNavigation } from '#shared/api/navigation.ts';
import { writerOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** Settings → Navigation (docs/product.md#navigation). */
export const navigationRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, getNavigation, async () => ({ data: await services.navigation.get() }));

    route(scope, saveNavigation, async (request) => ({
      data: await services.navigation.save(request.body.navigation, writerOf(request)),
    }));

    route(scope, navigationTargets, async (request) => ({
      data: await services.navigation.choices(request.query.kind, request.query.search?.trim() ?? ''),
    }));
  },
};
