import { data, useRouteError } from 'react-router';
import { PUBLISHING_MESSAGES } from '#shared/messages.ts';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { PostPage } from '#app/features/blog/PostPage.tsx';
import { postMeta } from '#app/features/blog/post-meta.ts';
import { postPageData } from '#app/features/blog/post-page-data.server.ts';
import type { Route } from './+types/post-preview';

/**
 * A post's private preview (docs/product.md#blog-posts): the post exactly as its public page shows it,
 * whatever its status, for whoever has the unguessable link; never indexed, never cached publicly (the
 * page cache skips /preview/, server/pages/route.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { blog } = context.services;
  const post = await blog.findByPreviewToken(params.token);
  if (!post) throw data(PUBLISHING_MESSAGES.previewNotFound, { status: 404, statusText: 'Not Found' });
  return postPageData(context, post);
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...(d
    ? postMeta(d.post, d.site).filter((tag) => !('tagName' in tag && tag.tagName === 'link'))
    : [{ title: 'Preview' }]),
  { name: 'robots', content: 'noindex, nofollow' },
];

export function headers() {
  return { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' };
}

export default function PostPreviewPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <>
      <div className="preview-banner" role="status">
        Preview of {post.status === 'published' ? 'a published' : `a ${post.status}`} post: only people with this link
        can see it.
      </div>
      <PostPage {...loaderData} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
