import { describe, expect, it } from 'vitest';
import type { PostDetails } from '#shared/schemas/blog.ts';
import { newsletterMail } from '#server/modules/newsletter/template.ts';

/**
 * Click counting in the newsletter's e-mail (server/modules/newsletter/template.ts, docs/product.md#newsletters):
 * with `linkVia`, every http(s) link of the HTML and the text part leads where it says, and nothing else
 * changes: the reader's unsubscribe links, pictures, mailto: and in-page links stay as they are; without
 * it the e-mail is byte for byte what it was.
 */

const site = { publicUrl: 'https://www.example.com', mediaUrl: '', siteName: 'S', body: 'full' as const };
const post = {
  _id: 'p1',
  title: 'Links',
  excerpt: 'Short.',
  content:
    '<p>A <a href="https://example.org/a?x=1&amp;y=&quot;2&quot;">guide</a>, <a href="/blogs/b">a post</a>, ' +
    '<a href="mailto:t@example.com">mail</a>, <a href="#top">top</a> and <img src="/uploads/p.png" alt="">. ' +
    'Plain: https://example.net/p.</p>',
  featureImage: '',
  url: '/blogs/uncategorized/links',
} as unknown as PostDetails;
const links = {
  confirm: '',
  unsubscribePage: 'https://www.example.com/subscriptions/unsubscribe?id=1&token=t',
  unsubscribeOneClick: 'https://www.example.com/api/blogs-subscribers/unsubscribe?id=1&token=t',
};
const letter = {
  subject: 'S',
  preheader: '',
  featureImage: null,
  readMoreUrl: 'https://www.example.com/blogs/uncategorized/links',
  unpublishedTest: false,
};

describe('counted links in the newsletter', () => {
  const seen: string[] = [];
  const via = (url: string) => {
    seen.push(url);
    return `https://www.example.com/r/${seen.indexOf(url)}`;
  };
  const counted = newsletterMail('a@b.co', post, site, links, { ...letter, linkVia: via });
  const plain = newsletterMail('a@b.co', post, site, links, letter);

  it('asks for every http(s) link, unescaped, and never for the unsubscribe links or pictures', () => {
    expect([...new Set(seen)].sort()).toEqual(
      [
        'https://example.org/a?x=1&y="2"',
        'https://www.example.com/blogs/b',
        'https://example.net/p',
        'https://www.example.com/blogs/uncategorized/links',
        'https://www.example.com/',
      ].sort(),
    );
  });

  it('writes the counted address in the HTML and the text, and leaves the rest alone', () => {
    const hrefs = [...counted.html!.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.filter((h) => h!.startsWith('https://www.example.com/r/'))).toHaveLength(5);
    expect(hrefs).toContain('mailto:t@example.com');
    expect(hrefs).toContain('#top');
    expect(hrefs).toContain('https://www.example.com/subscriptions/unsubscribe?id=1&amp;token=t');
    expect(counted.html).toContain('src="https://www.example.com/uploads/p.png"');
    expect(counted.html).toContain('src="https://www.example.com/logo-mail.png"');
    expect(counted.text).toMatch(/Plain: https:\/\/www\.example\.com\/r\/\d+\./);
    expect(counted.text).toMatch(/Read more: https:\/\/www\.example\.com\/r\/\d+\n/);
    expect(counted.text).toContain(`Unsubscribe: ${links.unsubscribePage}`);
    expect(counted.headers).toEqual(plain.headers);
  });

  it('without counting, keeps every link as it was', () => {
    expect(plain.html).not.toContain('/r/');
    expect(plain.html).toContain('href="https://example.org/a?x=1&amp;y=&quot;2&quot;"');
    expect(plain.text).toContain('Read more: https://www.example.com/blogs/uncategorized/links');
    expect(plain.text).toContain('Plain: https://example.net/p.');
  });
});
