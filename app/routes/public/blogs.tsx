import { BlogList } from '#app/features/blog/BlogList.tsx';
import { BLOG_PAGE_SIZE, pageParam } from '#app/features/blog/page-param.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { type PageInfo } from '#shared/schemas/blog.ts';
import type { Route } from './+types/blogs';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { blog } = context.services;
  const [list, recent, categories] = await Promise.all([
    blog.listPosts({ page: pageParam(request.url), limit: BLOG_PAGE_SIZE }),
    blog.recentPostLinks(),
    blog.listCategories(),
  ]);
  return {
    posts: await blog.cardsOf(list.posts),
    // A numbered page was asked, so its meta is the numbered kind (never a cursor page's).
    pageInfo: list.pageInfo as PageInfo,
    recent,
    categories,
    site: context.site,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        ...pageMeta({
          title: `Blog | ${data.site.siteName}`,
          description: `Articles from ${data.site.siteName} on product strategy, design and engineering.`,
          url: `${data.site.publicUrl}/blogs`,
          site: data.site,
        }),
        {
          tagName: 'link',
          rel: 'alternate',
          type: 'application/rss+xml',
          title: `${data.site.siteName} blog`,
          href: `${data.site.publicUrl}/rss.xml`,
        },
      ]
    : [{ title: 'Blog' }];

export default function Blogs({ loaderData }: Route.ComponentProps) {
  return <BlogList heading="Blog" {...loaderData} />;
}
