import { redirect } from 'react-router';
import { PROFILE_MESSAGES } from '#shared/messages.ts';
import { authorRssUrl, authorUrl } from '#shared/profile.ts';
import { FEED_SIZE, rssFeed } from '#app/features/blog/feed.ts';
import { xmlResponse } from '#app/lib/xml.ts';
import type { Route } from './+types/author-rss';

const notFound = () =>
  new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** RSS 2.0 of an author's latest posts (docs/product.md#profiles-and-author-pages). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { siteName, publicUrl } = context.site;
  const found = await context.services.profiles.authorBySegment(params.segment);
  if (!found) return notFound();
  if ('movedTo' in found) throw redirect(authorRssUrl(found.movedTo), 301);
  const { posts } = await context.services.blog.listByAuthor(found.id, { page: 1, limit: FEED_SIZE });
  if (posts.length === 0) return notFound();
  const { name, segment } = found.author;
  const body = rssFeed({
    title: PROFILE_MESSAGES.authorFeed(name, siteName),
    link: publicUrl + authorUrl(segment),
    self: publicUrl + authorRssUrl(segment),
    description: PROFILE_MESSAGES.authorPageDescription(name, siteName),
    publicUrl,
    posts,
  });
  return xmlResponse(body, 'application/rss+xml');
}
