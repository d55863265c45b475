import { data, redirect, useRouteError } from 'react-router';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { PostPage } from '#app/features/blog/PostPage.tsx';
import { postMeta } from '#app/features/blog/post-meta.ts';
import { postPageData } from '#app/features/blog/post-page-data.server.ts';
import type { Route } from './+types/blog-post';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { blog } = context.services;
  const found = await blog.findByPath(params.category, params.post);
  if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
  // A renamed post or category: search engines and old links follow a permanent redirect.
  if ('movedTo' in found) throw redirect(found.movedTo, 301);
  return postPageData(context, found.post);
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d ? postMeta(d.post, d.site, d.authors) : [{ title: 'Not found' }, { name: 'robots', content: 'noindex' }];

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <PostPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
