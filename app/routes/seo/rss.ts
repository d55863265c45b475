import { FEED_SIZE, rssFeed } from '#app/features/blog/feed.ts';
import { xmlResponse } from '#app/lib/xml.ts';
import type { Route } from './+types/rss';

/** RSS 2.0 of the latest posts. */
export async function loader({ context }: Route.LoaderArgs) {
  const { siteName, publicUrl } = context.site;
  const { posts } = await context.services.blog.listPosts({ page: 1, limit: FEED_SIZE });
  const body = rssFeed({
    title: `${siteName} blog`,
    link: `${publicUrl}/blogs`,
    self: `${publicUrl}/rss.xml`,
    description: `Articles from ${siteName}`,
    publicUrl,
    posts,
  });
  return xmlResponse(body, 'application/rss+xml');
}
