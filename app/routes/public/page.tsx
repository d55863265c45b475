import { data, redirect, useRouteError } from 'react-router';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { blockAction } from '#app/features/page-blocks/block-action.server.ts';
import { PageBlocks } from '#app/features/page-blocks/PageBlocks.tsx';
import { notFoundHead, pageHead } from '#app/features/pages/page-meta.ts';
import { pageViewData } from '#app/features/pages/page-view.server.ts';
import type { Route } from './+types/page';

/**
 * A page at /{segment} built from blocks (docs/product.md#pages). An address that is no public page
 * answers exactly as the not-found page does (404, counted in the 404 log by the page route); a renamed
 * page's old address answers 301. Cached like every public page: a save bumps the content version.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.services.pages.publicPage(params.segment);
  if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
  if ('movedTo' in found) throw redirect(found.movedTo, 301);
  return pageViewData(context, found);
}

/** The forms of the page's contact and subscribe blocks, posted without JavaScript. */
export const action = (args: Route.ActionArgs) => blockAction(args);

export const meta: Route.MetaFunction = ({ data: d }) => (d ? pageHead(d) : notFoundHead);

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="site-page">
      <PageBlocks blocks={loaderData.page.blocks} data={loaderData.blockData} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
