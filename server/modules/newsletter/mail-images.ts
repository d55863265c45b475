import { mediaSrc } from '#shared/paths.ts';

/** Where a newsletter's pictures come from: the site, and the media address in front of its uploads. */
export interface MailAddresses {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** S3_PUBLIC_URL (a CDN in front of the bucket), or '' for the site's own /uploads/. */
  mediaUrl: string;
}

/** A picture of the mail: an absolute http(s) address, the size it is shown at, and its alt text. */
export interface MailImage {
  src: string;
  width: number;
  /** Null only for a picture from elsewhere, whose size nobody measured: the mail client keeps its proportions. */
  height: number | null;
  alt: string;
}

/** The column the newsletter's pictures fill: 600 px of card less 2 × 32 px of padding. */
export const MAIL_CONTENT_WIDTH = 536;

/** The site's logo for mail: a PNG (mail clients do not all show SVG), 64 px drawn at 32 for sharp screens. */
export const mailLogo = (site: MailAddresses): MailImage => ({
  src: `${site.publicUrl}/logo-mail.png`,
  width: 32,
  height: 32,
  // Beside the site's name in the same link: the name says it (WCAG technique H2), an alt would say it twice.
  alt: '',
});

/**
 * An address a mail can load (the reader is not on the site): an upload through the media address or the
 * site's, a site path made absolute, another http(s) address kept; anything else (data:, javascript:) none.
 */
export function mailAddress(url: string, site: MailAddresses): string {
  if (!url) return '';
  try {
    const absolute = new URL(mediaSrc(url, site.mediaUrl), `${site.publicUrl}/`);
    return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.toString() : '';
  } catch {
    return '';
  }
}

/**
 * The post's feature image as the mail shows it: the column's width (or its own, when narrower) and the
 * height in its proportions, known for every image of the media library (`size`); its alt text from the
 * library, else the post's title (a picture shown in the mail's place says what it is).
 */
export function featureImageOf(
  post: { featureImage: string; title: string },
  size: { width: number; height: number; alt: string } | undefined,
  site: MailAddresses,
): MailImage | null {
  const src = mailAddress(post.featureImage, site);
  if (!src) return null;
  const alt = size?.alt.trim() || post.title;
  if (!size || size.width <= 0 || size.height <= 0) return { src, width: MAIL_CONTENT_WIDTH, height: null, alt };
  const width = Math.min(MAIL_CONTENT_WIDTH, size.width);
  return { src, width, height: Math.round((width * size.height) / size.width), alt };
}
