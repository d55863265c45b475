import { data, redirect, useRouteError } from 'react-router';
import { TAG_MESSAGES } from '#shared/messages.ts';
import { tagRssUrl, tagUrl } from '#shared/tags.ts';
import type { PageInfo } from '#shared/schemas/blog.ts';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { BlogList } from '#app/features/blog/BlogList.tsx';
import { BLOG_PAGE_SIZE, pageParam } from '#app/features/blog/page-param.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/tag';

/**
 * A tag's page (docs/product.md#tags): its description and its published posts, paged like the category
 * pages. An old address of a renamed or merged tag answers 301; an unknown or internal tag 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { blog } = context.services;
  const found = await blog.tagBySegment(params.segment);
  if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
  if ('movedTo' in found) throw redirect(tagUrl(found.movedTo) + new URL(request.url).search, 301);
  const [list, recent, categories] = await Promise.all([
    blog.listByTag(found.id, { page: pageParam(request.url), limit: BLOG_PAGE_SIZE }),
    blog.recentPostLinks(),
    blog.listCategories(),
  ]);
  return {
    tag: found.tag,
    posts: await blog.cardsOf(list.posts),
    // A numbered page was asked, so its meta is the numbered kind (never a cursor page's).
    pageInfo: list.pageInfo as PageInfo,
    recent,
    categories,
    site: context.site,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: 'Not found' }, { name: 'robots', content: 'noindex' }];
  const { tag, site } = d;
  return [
    ...pageMeta({
      title: tag.metaTitle || TAG_MESSAGES.pageTitle(tag.name, site.siteName),
      description: tag.metaDescription || tag.description || TAG_MESSAGES.pageDescription(tag.name, site.siteName),
      url: site.publicUrl + tagUrl(tag.slug),
      site,
    }),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: TAG_MESSAGES.feedTitle(tag.name, site.siteName),
      href: site.publicUrl + tagRssUrl(tag.slug),
    },
  ];
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, ...list } = loaderData;
  return (
    <BlogList
      heading={TAG_MESSAGES.heading(tag.name)}
      intro={tag.description ? <p className="tag-description lead">{tag.description}</p> : undefined}
      {...list}
    />
  );
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
