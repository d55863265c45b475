import { data, useRouteError } from 'react-router';
import { blogCategoryUrl } from '#shared/paths.ts';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { BlogList } from '#app/features/blog/BlogList.tsx';
import { BLOG_PAGE_SIZE, pageParam } from '#app/features/blog/page-param.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { type PageInfo } from '#shared/schemas/blog.ts';
import type { Route } from './+types/blog-category';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { blog } = context.services;
  const category = await blog.categoryBySegment(params.category);
  if (category === undefined) throw data(null, { status: 404, statusText: 'Not Found' });
  const [list, recent, categories] = await Promise.all([
    blog.listByCategorySegment(params.category, { page: pageParam(request.url), limit: BLOG_PAGE_SIZE }),
    blog.recentPostLinks(),
    blog.listCategories(),
  ]);
  return {
    name: category?.name ?? 'Uncategorized',
    segment: category?.slug ?? 'uncategorized',
    posts: await blog.cardsOf(list.posts),
    // A numbered page was asked, so its meta is the numbered kind (never a cursor page's).
    pageInfo: list.pageInfo as PageInfo,
    recent,
    categories,
    site: context.site,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d
    ? pageMeta({
        title: `${d.name} | ${d.site.siteName} blog`,
        description: `Articles about ${d.name} from ${d.site.siteName}.`,
        url: d.site.publicUrl + blogCategoryUrl(d.segment),
        site: d.site,
      })
    : [{ title: 'Not found' }, { name: 'robots', content: 'noindex' }];

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  return <BlogList heading={loaderData.name} {...loaderData} />;
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
