import { redirect } from 'react-router';
import { TAG_MESSAGES } from '#shared/messages.ts';
import { tagRssUrl, tagUrl } from '#shared/tags.ts';
import { FEED_SIZE, rssFeed } from '#app/features/blog/feed.ts';
import { xmlResponse } from '#app/lib/xml.ts';
import type { Route } from './+types/tag-rss';

const notFound = () =>
  new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** RSS 2.0 of a tag's latest posts (docs/product.md#tags); a renamed tag's old feed answers 301. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { siteName, publicUrl } = context.site;
  const found = await context.services.blog.tagBySegment(params.segment);
  if (!found) return notFound();
  if ('movedTo' in found) throw redirect(tagRssUrl(found.movedTo), 301);
  const { posts } = await context.services.blog.listByTag(found.id, { page: 1, limit: FEED_SIZE });
  const { name, slug, description } = found.tag;
  const body = rssFeed({
    title: TAG_MESSAGES.feedTitle(name, siteName),
    link: publicUrl + tagUrl(slug),
    self: publicUrl + tagRssUrl(slug),
    description: description || TAG_MESSAGES.pageDescription(name, siteName),
    publicUrl,
    posts,
  });
  return xmlResponse(body, 'application/rss+xml');
}
