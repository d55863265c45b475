import { data, redirect, useRouteError } from 'react-router';
import { PROFILE_MESSAGES } from '#shared/messages.ts';
import { authorRssUrl, authorUrl } from '#shared/profile.ts';
import { type PageInfo } from '#shared/schemas/blog.ts';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { AuthorHeader } from '#app/features/blog/AuthorHeader.tsx';
import { BlogList } from '#app/features/blog/BlogList.tsx';
import { BLOG_PAGE_SIZE, pageParam } from '#app/features/blog/page-param.ts';
import { pageMeta, plainText } from '#app/lib/meta.ts';
import type { Route } from './+types/author';

/**
 * An author's page (docs/product.md#profiles-and-author-pages): who they are and their published posts,
 * paged like /blogs. Only people with a published post have one; an old address answers 301.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { blog, profiles } = context.services;
  const found = await profiles.authorBySegment(params.segment);
  if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
  if ('movedTo' in found) throw redirect(authorUrl(found.movedTo) + new URL(request.url).search, 301);
  const [list, recent, categories] = await Promise.all([
    blog.listByAuthor(found.id, { page: pageParam(request.url), limit: BLOG_PAGE_SIZE }),
    blog.recentPostLinks(),
    blog.listCategories(),
  ]);
  const pageInfo = list.pageInfo as PageInfo;
  if (pageInfo.total === 0) throw data(null, { status: 404, statusText: 'Not Found' });
  return {
    author: found.author,
    posts: await blog.cardsOf(list.posts),
    pageInfo,
    recent,
    categories,
    site: context.site,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: 'Not found' }, { name: 'robots', content: 'noindex' }];
  const { author, site } = d;
  const url = site.publicUrl + authorUrl(author.segment);
  const image = author.avatar ? new URL(author.avatar, site.publicUrl).toString() : undefined;
  return [
    ...pageMeta({
      title: PROFILE_MESSAGES.authorPageTitle(author.name, site.siteName),
      description: plainText(author.bio) || PROFILE_MESSAGES.authorPageDescription(author.name, site.siteName),
      url,
      site,
      image,
      type: 'profile',
    }),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: PROFILE_MESSAGES.authorFeed(author.name, site.siteName),
      href: site.publicUrl + authorRssUrl(author.segment),
    },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url,
        mainEntity: {
          '@type': 'Person',
          name: author.name,
          url,
          ...(author.bio ? { description: author.bio } : {}),
          ...(image ? { image } : {}),
          ...(author.website ? { sameAs: [author.website] } : {}),
        },
      },
    },
  ];
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, ...list } = loaderData;
  return (
    <BlogList
      heading={PROFILE_MESSAGES.authorPostsHeading(author.name)}
      intro={<AuthorHeader author={author} />}
      headingLevel="h2"
      {...list}
    />
  );
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
