import type { PostDetails } from '#shared/schemas/blog.ts';
import { escapeXml } from '#app/lib/xml.ts';
import { postDate } from './post-date';

export const FEED_SIZE = 20;

/** RSS 2.0 of these posts, newest first: the blog's feed and each author's. */
export function rssFeed(feed: {
  title: string;
  /** The page the feed is of, and the feed's own address (absolute). */
  link: string;
  self: string;
  description: string;
  publicUrl: string;
  posts: PostDetails[];
}): string {
  const { posts, publicUrl } = feed;
  const items = posts.map((post) => {
    const link = escapeXml(publicUrl + post.url);
    const category = post.blogCategory[0] ? `<category>${escapeXml(post.blogCategory[0].name)}</category>` : '';
    return `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <pubDate>${new Date(postDate(post)).toUTCString()}</pubDate>
      <description>${escapeXml(post.excerpt)}</description>${category}
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.link)}</link>
    <atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml" />
    <description>${escapeXml(feed.description)}</description>
    <language>en</language>
    <lastBuildDate>${new Date(posts[0]?.updatedAt ?? Date.now()).toUTCString()}</lastBuildDate>
${items.join('\n')}
  </channel>
</rss>
`;
}
