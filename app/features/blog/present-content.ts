import { mediaSrc, webpSrcSet } from '#shared/paths.ts';

/** How wide a content image shows: the post column, or the screen on phones. */
const CONTENT_IMAGE_SIZES = '(max-width: 991px) 100vw, 760px';

/**
 * Uploaded images in a post load like the feature image: WebP variants in `srcset` with `sizes`, lazily
 * (they are below the first screen), from the CDN when there is one. Their width and height were written
 * in when the post was saved, so the page keeps its layout while they load.
 */
function withResponsiveImages(html: string, mediaBase: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc="(\/uploads\/[\w.-]+)"/i.exec(tag)?.[1];
    if (!src) return tag.includes(' loading=') ? tag : tag.replace(/^<img\b/i, '<img loading="lazy" decoding="async"');
    const srcset = webpSrcSet(src, mediaBase);
    const extra = [
      srcset && !/\ssrcset=/i.test(tag) ? `srcset="${srcset}" sizes="${CONTENT_IMAGE_SIZES}"` : '',
      /\sloading=/i.test(tag) ? '' : 'loading="lazy" decoding="async"',
    ]
      .filter(Boolean)
      .join(' ');
    return tag.replace(/\ssrc="[^"]*"/i, ` src="${mediaSrc(src, mediaBase)}"`).replace(/^<img\b/i, `<img ${extra}`);
  });
}

/**
 * YouTube embeds play from youtube-nocookie.com, which sets no tracking cookies until the reader plays the
 * video. Stored content keeps the address the editor pasted; the page is where the choice is made.
 */
const withPrivateYouTube = (html: string) =>
  html.replace(
    /(<iframe\b[^>]*\ssrc=")https:\/\/(?:www\.)?youtube\.com\/embed\//gi,
    '$1https://www.youtube-nocookie.com/embed/',
  );

/**
 * docs/product.md#blog-post: tables in a post get striped, responsive styling and iframes a video container. The content
 * is sanitised HTML, so wrapping the tags by text is safe; doing it on the server means the first paint is
 * already styled.
 */
export function presentContent(html: string, mediaBase = ''): string {
  return withPrivateYouTube(withResponsiveImages(html, mediaBase))
    .replace(/<table\b/g, '<div class="table-responsive"><table')
    .replace(/<\/table>/g, '</table></div>')
    .replace(/<iframe\b/g, '<div class="video-container"><iframe')
    .replace(/<\/iframe>/g, '</iframe></div>');
}

/** Every frame's name is given wherever rich text is shown, posts included (app/components/rich-text/). */
export { withFrameTitles } from '#app/components/rich-text/frame-titles.ts';
