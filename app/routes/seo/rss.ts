import { postDate } from '#app/features/blog/post-date.ts';
import { escapeXml, xmlResponse } from '#app/lib/xml.ts';
import type { Route } from './+types/rss';

const FEED_SIZE = 20;

/** RSS 2.0 of the latest posts. */
export async function loader({ context }: Route.LoaderArgs) {
  const { siteName, publicUrl } = context.site;
  const { posts } = await context.services.blog.listPosts({ page: 1, limit: FEED_SIZE });
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
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(siteName)} blog</title>
    <link>${escapeXml(`${publicUrl}/blogs`)}</link>
    <atom:link href="${escapeXml(`${publicUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${escapeXml(`Articles from ${siteName}`)}</description>
    <language>en</language>
    <lastBuildDate>${new Date(posts[0]?.updatedAt ?? Date.now()).toUTCString()}</lastBuildDate>
${items.join('\n')}
  </channel>
</rss>
`;
  return xmlResponse(body, 'application/rss+xml');
}
