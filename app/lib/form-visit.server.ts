import type { AppLoadContext } from 'react-router';
import { visitSignals } from '#shared/analytics.ts';

/** Who a page's request comes from, for the analytics (docs/product.md#analytics): address, browser, signals. */
export const pageVisitOf = (request: Request, context: AppLoadContext) => ({
  address: context.formPost.address,
  ...visitSignals((name) => request.headers.get(name)),
});

/** A form posted to its own page (no script): that page is where the goal came from. */
export const formVisitOf = (request: Request, context: AppLoadContext) => ({
  page: request.url,
  ...pageVisitOf(request, context),
});
