import type { PostDetails } from '#shared/schemas/blog.ts';
import { NEWSLETTER_MESSAGES } from '#shared/messages.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import type { OutgoingMail } from '#server/modules/mail/service.ts';
import { subscriberHeaders, type SubscriberLinks } from '#server/modules/subscribers/mails.ts';
import { mailAddress, mailLogo, type MailAddresses, type MailImage } from './mail-images';

export interface NewsletterSite extends MailAddresses {
  siteName: string;
  /** Whole article or its excerpt in the body (the newsletter setting). */
  body: 'excerpt' | 'full';
}

/** What one send of a post's newsletter says beyond the post: the service decides it (./service.ts). */
export interface NewsletterLetter {
  subject: string;
  /** The hidden first line inboxes show after the subject. */
  preheader: string;
  featureImage: MailImage | null;
  /** Where Read more leads: the post, or the preview of a post not yet published (a test send). */
  readMoreUrl: string;
  /** A test of a post not yet published: a line above it says so and where the post will be. */
  unpublishedTest: boolean;
  /**
   * Click counting (docs/product.md#newsletters): where each http(s) link of the e-mail leads instead (the
   * site's `/r/<token>`). Never asked for the reader's own links (unsubscribe): they stay as they are.
   */
  linkVia?: (url: string) => string;
}

/** Rich text for a mail: addresses made absolute (the reader is not on the site), pictures fit the column. */
const forMail = (html: string, site: MailAddresses) =>
  html
    .replace(/\b(src|href)="(\/[^"]*)"/g, (_m, attr: string, path: string) => {
      // The path is attribute text already (escaped as the sanitiser left it), so it is not escaped again.
      const absolute = attr === 'src' ? mailAddress(path, site) : `${site.publicUrl}${path}`;
      return `${attr}="${absolute}"`;
    })
    .replace(/<img\b(?![^>]*\sstyle=)/gi, '<img style="max-width:100%;height:auto"');

/** Attribute text back to the address it holds (the sanitiser and `escapeHtml` write these entities). */
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const HTTP = /^https?:\/\//i;

/** Every http(s) link (`<a href>`, never a picture's `src`) of rich text made to lead `via`. */
const linksVia = (html: string, via: (url: string) => string) =>
  html.replace(/(<a\b[^>]*?\shref=")([^"]*)"/gi, (whole, start: string, value: string) => {
    const url = unescapeAttribute(value);
    return HTTP.test(url) ? `${start}${escapeHtml(via(url))}"` : whole;
  });

/** Every http(s) address written in plain text made to lead `via` (a sentence's full stop is not part of it). */
const textLinksVia = (text: string, via: (url: string) => string) =>
  text.replace(/https?:\/\/[^\s<>"]+/gi, (found) => {
    const url = found.replace(/[.,;:!?)\]'*]+$/, '');
    return via(url) + found.slice(url.length);
  });

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

const e = escapeHtml;

const img = (image: MailImage, style: string) =>
  `<img src="${e(image.src)}" width="${image.width}"${image.height === null ? '' : ` height="${image.height}"`} alt="${e(image.alt)}" style="${style}">`;

/**
 * What mail clients that read a style sheet do with it (Gmail, Apple Mail, Outlook on the web): on a phone
 * the card fills the screen and its padding shrinks; in dark mode (Apple Mail, Outlook.com's [data-ogsc])
 * the card turns dark with light text instead of being inverted colour by colour. The inline styles are
 * what every other client keeps.
 */
const STYLE = `body{margin:0;padding:0;width:100%!important;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
img{border:0;outline:none;text-decoration:none;-ms-interpolation-mode:bicubic}
a img{border:0}
.nl-body img{max-width:100%!important;height:auto!important}
@media only screen and (max-width:620px){
.nl-outer{padding:0!important}
.nl-card{border-radius:0!important}
.nl-pad{padding-left:20px!important;padding-right:20px!important}
.nl-title{font-size:22px!important}
.nl-button{display:block!important;text-align:center!important}
}
@media (prefers-color-scheme:dark){
.nl-bg{background:#0b1220!important}
.nl-card{background:#141d2e!important;color:#e4e7eb!important}
.nl-head,.nl-title{color:#ffffff!important}
.nl-rule{border-color:#2b3648!important}
.nl-foot,.nl-foot a{color:#aab4c0!important}
}
[data-ogsc] .nl-card{background:#141d2e!important;color:#e4e7eb!important}
[data-ogsc] .nl-head,[data-ogsc] .nl-title{color:#ffffff!important}
[data-ogsc] .nl-foot,[data-ogsc] .nl-foot a{color:#aab4c0!important}`;

/**
 * The newsletter of a post: a hidden preheader, the site's logo and name, the title, the feature image, the
 * excerpt or the whole article, a Read more button, and a footer that says why the reader gets it and how
 * to leave; a plain-text part alongside. Every picture by absolute address with its width, height and alt
 * (docs/decisions/0030-newsletter-look.md). Table layout and inline styles, which is what mail clients
 * render reliably.
 */
export function newsletterMail(
  to: string,
  post: PostDetails,
  site: NewsletterSite,
  links: SubscriberLinks,
  letter: NewsletterLetter,
): OutgoingMail {
  const postUrl = site.publicUrl + post.url;
  const { linkVia } = letter;
  // Without click counting every link is itself: the e-mail is what it always was.
  const via = linkVia ?? ((url: string) => url);
  const full = site.body === 'full' && post.content;
  const articleHtml = full ? forMail(post.content, site) : '';
  const bodyHtml = full
    ? linkVia
      ? linksVia(articleHtml, linkVia)
      : articleHtml
    : `<p style="margin:0 0 16px">${e(post.excerpt)}</p>`;
  const articleText = full ? plain(post.content) : post.excerpt;
  const bodyText = linkVia ? textLinksVia(articleText, linkVia) : articleText;
  const readMore = via(letter.readMoreUrl);
  const home = via(`${site.publicUrl}/`);
  const why = `You get this e-mail because ${to} subscribed to the ${site.siteName} blog and confirmed it.`;
  const notice = letter.unpublishedTest ? `${NEWSLETTER_MESSAGES.testNotice} ${postUrl}` : '';
  const text = `${notice ? `${notice}\n\n` : ''}${post.title}\n\n${bodyText}\n\nRead more: ${readMore}\n\n--\n${why}\nUnsubscribe: ${links.unsubscribePage}\n${site.siteName} · ${home}\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="x-apple-disable-message-reformatting"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${e(letter.subject)}</title>
<style>
${STYLE}
</style></head>
<body class="nl-bg" style="margin:0;padding:0;background:#f3f5f8">
<div style="display:none;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${e(letter.preheader)}</div>
<table class="nl-bg" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8"><tr><td class="nl-outer" align="center" style="padding:24px 12px">
<table class="nl-card" role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
${
  notice
    ? `<tr><td class="nl-pad" style="padding:12px 32px;background:#fff4d6;border-radius:8px 8px 0 0;font-size:13px;line-height:1.5;color:#5c4400">${e(NEWSLETTER_MESSAGES.testNotice)} <a href="${e(postUrl)}" style="color:#5c4400">${e(postUrl)}</a></td></tr>\n`
    : ''
}<tr><td class="nl-pad nl-rule" style="padding:24px 32px;border-bottom:1px solid #e4e7eb">
<a class="nl-head" href="${e(home)}" style="color:#0b1d33;text-decoration:none;font-size:18px;font-weight:bold">${img(mailLogo(site), 'vertical-align:middle;border:0;margin-right:8px')}${e(site.siteName)}</a>
</td></tr>
<tr><td class="nl-pad" style="padding:32px 32px 8px">
<h1 class="nl-title" style="margin:0 0 16px;font-size:26px;line-height:1.3;color:#0b1d33">${e(post.title)}</h1>
${letter.featureImage ? img(letter.featureImage, 'display:block;width:100%;max-width:536px;height:auto;border:0;border-radius:6px;margin:0 0 20px') : ''}
<div class="nl-body" style="font-size:16px;line-height:1.6">${bodyHtml}</div>
</td></tr>
<tr><td class="nl-pad" style="padding:8px 32px 32px">
<a class="nl-button" href="${e(readMore)}" style="display:inline-block;padding:12px 22px;background:#1560bd;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Read more</a>
</td></tr>
<tr><td class="nl-pad nl-rule nl-foot" style="padding:20px 32px;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#616e7c">
${e(why)} <a href="${e(links.unsubscribePage)}" style="color:#616e7c">Unsubscribe</a> at any time.<br>${e(site.siteName)} · <a href="${e(home)}" style="color:#616e7c">${e(site.publicUrl.replace(/^https?:\/\//, ''))}</a>
</td></tr>
</table></td></tr></table>
</body></html>`;
  return {
    kind: 'new-post',
    to,
    subject: letter.subject,
    text,
    html,
    headers: subscriberHeaders(links, site),
  };
}
