/**
 * A WordPress export whose one image `image` (an absolute address, with a query so its `&amp;` form is
 * met) is in a post's text, linked, and its featured image, and in a page's text and its featured image:
 * an import that cannot fetch it lists it failed and leaves the old address in both texts.
 */
export function wxrWithImage(site: string, image: string) {
  const html = image.replace(/&/g, '&amp;');
  const item = (fields: string) => `<item>${fields}<wp:post_parent>0</wp:post_parent></item>`;
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>With one image</title>
  <link>${site}</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${site}</wp:base_site_url>
  <wp:base_blog_url>${site}</wp:base_blog_url>
  ${item(`<title>Picture post</title><link>${site}/picture-post/</link><dc:creator>ann</dc:creator>
    <content:encoded><![CDATA[<p>Before the picture.</p><p><a href="${html}"><img src="${html}" alt="The picture"></a></p>]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded><wp:post_id>10</wp:post_id>
    <wp:post_date_gmt>2024-02-01 10:00:00</wp:post_date_gmt><wp:post_name>picture-post</wp:post_name>
    <wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
    <wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>11</wp:meta_value></wp:postmeta>`)}
  ${item(`<title>The picture</title><link>${site}/picture-post/the-picture/</link>
    <content:encoded><![CDATA[]]></content:encoded><wp:post_id>11</wp:post_id>
    <wp:post_date_gmt>2024-02-01 10:00:00</wp:post_date_gmt><wp:post_name>the-picture</wp:post_name>
    <wp:status>inherit</wp:status><wp:post_type>attachment</wp:post_type>
    <wp:attachment_url><![CDATA[${image}]]></wp:attachment_url>`)}
  ${item(`<title>Picture page</title><link>${site}/picture-page/</link><dc:creator>ann</dc:creator>
    <content:encoded><![CDATA[<p>The page's picture:</p><p><img src="${html}" alt="On the page"></p>]]></content:encoded>
    <wp:post_id>12</wp:post_id><wp:post_date_gmt>2024-02-01 10:00:00</wp:post_date_gmt>
    <wp:post_name>picture-page</wp:post_name><wp:status>publish</wp:status><wp:post_type>page</wp:post_type>
    <wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>11</wp:meta_value></wp:postmeta>`)}
</channel>
</rss>
`;
}
