import { describe, expect, it } from 'vitest';
import type { PostDetails } from '#shared/schemas/blog.ts';
import { featureImageOf, mailAddress } from '#server/modules/newsletter/mail-images.ts';
import { newsletterMail } from '#server/modules/newsletter/template.ts';

/**
 * The newsletter's pictures by absolute address (server/modules/newsletter/mail-images.ts) and the size of
 * its HTML (docs/decisions/0030-newsletter-look.md): SpamAssassin's HTML_IMAGE_ONLY rules score any mail
 * with a picture whose HTML is 3,200 bytes or less (Mail::SpamAssassin::HTML counts every byte of the HTML
 * part), so even the shortest post's newsletter, which now always has the logo, stays above that.
 */

const site = { publicUrl: 'https://www.example.com', mediaUrl: '' };
const cdn = { publicUrl: 'https://www.example.com', mediaUrl: 'https://cdn.example.net/media' };

describe('addresses of the pictures in a newsletter', () => {
  it('makes uploads and site paths absolute, through the media address when there is one', () => {
    expect(mailAddress('/uploads/a1.png', site)).toBe('https://www.example.com/uploads/a1.png');
    expect(mailAddress('/uploads/a1.png', cdn)).toBe('https://cdn.example.net/media/a1.png');
    expect(mailAddress('/images/x.jpg', cdn)).toBe('https://www.example.com/images/x.jpg');
    expect(mailAddress('https://images.example.org/p.jpg', site)).toBe('https://images.example.org/p.jpg');
  });

  it('gives no address for anything a mail should not load', () => {
    for (const url of ['', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png']) {
      expect(mailAddress(url, site), url).toBe('');
    }
  });

  it("sizes the feature image to the column in its proportions, with the library's alt else the title", () => {
    const post = { featureImage: '/uploads/a1.png', title: 'Launch' };
    expect(featureImageOf(post, { width: 1200, height: 675, alt: 'The team' }, site)).toEqual({
      src: 'https://www.example.com/uploads/a1.png',
      width: 536,
      height: 302,
      alt: 'The team',
    });
    expect(featureImageOf(post, { width: 300, height: 400, alt: ' ' }, site)).toMatchObject({
      width: 300,
      height: 400,
      alt: 'Launch',
    });
    // From elsewhere: no size is known, so none is made up.
    expect(featureImageOf({ ...post, featureImage: 'https://img.example.org/x.jpg' }, undefined, site)).toEqual({
      src: 'https://img.example.org/x.jpg',
      width: 536,
      height: null,
      alt: 'Launch',
    });
    expect(featureImageOf({ ...post, featureImage: '' }, undefined, site)).toBeNull();
  });
});

describe('the newsletter HTML', () => {
  const post = {
    _id: 'p1',
    title: 'A',
    excerpt: '',
    content: '',
    featureImage: '',
    url: '/blogs/uncategorized/A',
  } as unknown as PostDetails;
  const links = { confirm: '', unsubscribePage: 'https://x.co/u', unsubscribeOneClick: 'https://x.co/o' };
  const mail = newsletterMail('a@b.co', post, { ...site, siteName: 'S', body: 'excerpt' }, links, {
    subject: 'S',
    preheader: '',
    featureImage: null,
    readMoreUrl: 'https://www.example.com/blogs/uncategorized/A',
    unpublishedTest: false,
  });

  it("has the logo even for the shortest post, and HTML longer than SpamAssassin's image-only range", () => {
    expect(mail.html).toContain('<img src="https://www.example.com/logo-mail.png" width="32" height="32" alt=""');
    expect(Buffer.byteLength(mail.html!)).toBeGreaterThan(3200);
  });

  it('keeps the preheader first in the body, hidden, with nothing SpamAssassin reads as invisible text', () => {
    expect(mail.html).toMatch(/<body[^>]*>\n<div style="display:none;[^"]*">/);
    // __FONT_INVIS (a 0 or 1 px font, or transparent text) and, with any Message-ID, FONT_INVIS_MSGID.
    expect(mail.html).not.toMatch(/font-size:\s*[01](px|pt)|color:\s*transparent/);
  });
});
