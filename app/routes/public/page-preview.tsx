import { data, useRouteError } from 'react-router';
import { PAGE_MESSAGES } from '#shared/messages.ts';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { PageView } from '#app/features/pages/PageView.tsx';
import { pageHead } from '#app/features/pages/page-meta.ts';
import { pageViewData } from '#app/features/pages/page-view.server.ts';
import type { Route } from './+types/page-preview';

/**
 * A page's private preview (docs/product.md#pages): the page as its public address will show it, whatever
 * its status, for whoever has the link; never indexed nor cached (the page cache skips /preview/).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await context.services.pages.previewPage(params.token);
  if (!page) throw data(PAGE_MESSAGES.previewNotFound, { status: 404, statusText: 'Not Found' });
  return pageViewData(context, page);
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...(d ? pageHead(d).filter((tag) => !('tagName' in tag && tag.tagName === 'link')) : [{ title: 'Preview' }]),
  { name: 'robots', content: 'noindex, nofollow' },
];

export function headers() {
  return { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' };
}

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <div className="preview-banner" role="status">
        Preview of {page.status === 'published' ? 'a published' : `a ${page.status}`} page: only people with this link
        can see it.
      </div>
      <PageView page={page} blockData={loaderData.blockData} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
