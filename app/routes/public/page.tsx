import { data, redirect, useRouteError } from 'react-router';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { blockAction } from '#app/features/page-blocks/block-action.server.ts';
import { PageView } from '#app/features/pages/PageView.tsx';
import { notFoundHead, pageHead } from '#app/features/pages/page-meta.ts';
import { pageViewData } from '#app/features/pages/page-view.server.ts';
import type { ScriptlessHandle } from '#app/ssr/scriptless.ts';
import type { PostTakingHandle } from '#shared/route-handle.ts';
import { blockFormOf } from '#app/features/page-blocks/block-form.ts';
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

/**
 * The forms of the page's contact and subscribe blocks, posted without JavaScript: only to a public page,
 * and only naming a form block it holds (app/features/page-blocks/block-action.server.ts).
 */
export async function action(args: Route.ActionArgs) {
  const found = await args.context.services.pages.publicPage(args.params.segment);
  if (!found || 'movedTo' in found) throw data(null, { status: 404, statusText: 'Not Found' });
  return blockAction(args, found.blocks);
}

/** A refused post's `retry-after` (the rate limit) reaches the answer; a GET has no action headers. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/**
 * A page ships no JavaScript (app/ssr/scriptless.ts): its links, FAQ (details) and menus work without, and
 * its contact and subscribe blocks post as plain forms, answered in place by `action` above with the very
 * messages their scripts would show (docs/decisions/0028-forms-without-javascript.md).
 */
export const handle: ScriptlessHandle & PostTakingHandle = {
  scriptless: (d) => Boolean(d),
  // Only a post naming a block's form reaches the action; any other is a 405 before rendering, as it is at
  // every address without a form (server/pages/takes-form.ts).
  acceptsPost: (query) => blockFormOf(`/?${query}`) !== null,
};

export const meta: Route.MetaFunction = ({ data: d }) => (d ? pageHead(d) : notFoundHead);

export default function PublicPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PageView page={loaderData.page} blockData={loaderData.blockData} posted={actionData ?? undefined} />;
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
