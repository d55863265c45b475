import type { AppLoadContext } from 'react-router';
import { visitSignals } from '#shared/analytics.ts';

/** A form posted to its own page (no script): that page is where the goal came from (docs/product.md#analytics). */
export const formVisitOf = (request: Request, context: AppLoadContext) => ({
  page: request.url,
  address: context.formPost.address,
  ...visitSignals((name) => request.headers.get(name)),
});
