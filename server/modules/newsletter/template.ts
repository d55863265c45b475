import type { PostDetails } from '#shared/schemas/blog.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import type { OutgoingMail } from '#server/modules/mail/service.ts';
import { subscriberHeaders, type SubscriberLinks } from '#server/modules/subscribers/mails.ts';

export interface NewsletterSite {
  siteName: string;
  publicUrl: string;
  /** Whole article or its excerpt in the body (the newsletter setting). */
  body: 'excerpt' | 'full';
}

/** Text a newsletter needs before it shows pictures (see `pictures` below). */
const IMAGE_TEXT_MINIMUM = 3300;

const absolute = (publicUrl: string, url: string) => (url ? new URL(url, `${publicUrl}/`).toString() : '');

/** Rich text for a mail: addresses made absolute (the reader is not on the site), nothing else changed. */
const absoluteLinks = (html: string, publicUrl: string) =>
  html.replace(/\b(src|href)="(\/[^"]*)"/g, (_m, attr: string, path: string) => `${attr}="${publicUrl}${path}"`);

/** Text of rich text, for the plain part. */
const plain = (html: string) =>
  html
    .replace(/<\/(p|h[1-6]|li|tr|div)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * The newsletter of a post: site name and logo, title, feature image, the excerpt or the whole article, a
 * Read more button, and a footer that says why the reader gets it and how to leave; a plain-text part
 * alongside. Table layout and inline styles, which is what mail clients render reliably.
 */
export function newsletterMail(
  to: string,
  post: PostDetails,
  site: NewsletterSite,
  links: SubscriberLinks,
): OutgoingMail {
  const postUrl = site.publicUrl + post.url;
  const logo = `${site.publicUrl}/logo-mail.png`;
  const image = absolute(site.publicUrl, post.featureImage);
  const bodyHtml =
    site.body === 'full' && post.content
      ? absoluteLinks(post.content, site.publicUrl)
      : `<p style="margin:0 0 16px">${escapeHtml(post.excerpt)}</p>`;
  const bodyText = site.body === 'full' && post.content ? plain(post.content) : post.excerpt;
  const why = `You get this e-mail because ${to} subscribed to the ${site.siteName} blog and confirmed it.`;
  const text = `${post.title}\n\n${bodyText}\n\nRead more: ${postUrl}\n\n--\n${why}\nUnsubscribe: ${links.unsubscribePage}\n${site.siteName} · ${site.publicUrl}/\n`;
  // Filters score short mails with pictures as image spam (SpamAssassin's HTML_IMAGE_ONLY rules, up to
  // 3,200 bytes of text): a short newsletter goes without its logo and picture, the text says it all.
  const pictures = Buffer.byteLength(text) > IMAGE_TEXT_MINIMUM;
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(post.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e4e7eb">
<a href="${e(site.publicUrl)}/" style="color:#0b1d33;text-decoration:none;font-size:18px;font-weight:bold">${pictures ? `<img src="${e(logo)}" width="32" height="32" alt="" style="vertical-align:middle;border:0;margin-right:8px">` : ''}${e(site.siteName)}</a>
</td></tr>
<tr><td style="padding:32px 32px 8px">
<h1 style="margin:0 0 16px;font-size:26px;line-height:1.3;color:#0b1d33">${e(post.title)}</h1>
${image && pictures ? `<img src="${e(image)}" width="536" alt="" style="display:block;width:100%;max-width:536px;height:auto;border:0;border-radius:6px;margin:0 0 20px">` : ''}
<div style="font-size:16px;line-height:1.6">${bodyHtml}</div>
</td></tr>
<tr><td style="padding:8px 32px 32px">
<a href="${e(postUrl)}" style="display:inline-block;padding:12px 22px;background:#1560bd;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Read more</a>
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#616e7c">
${e(why)} <a href="${e(links.unsubscribePage)}" style="color:#616e7c">Unsubscribe</a> at any time.<br>${e(site.siteName)} · <a href="${e(site.publicUrl)}/" style="color:#616e7c">${e(site.publicUrl.replace(/^https?:\/\//, ''))}</a>
</td></tr>
</table></td></tr></table>
</body></html>`;
  return {
    kind: 'new-post',
    to,
    subject: `New on the ${site.siteName} blog: ${post.title}`,
    text,
    html,
    headers: subscriberHeaders(links, site),
  };
}
