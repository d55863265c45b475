import { EMBED_MESSAGES } from '#shared/messages.ts';
import { mediaSrc } from '#shared/paths.ts';

/** A poster may only be a picture of our own media library (server/lib/sanitize-html.ts keeps no other). */
const OWN_MEDIA = /^\/uploads\/[\w.-]+$/;

/** The preview's look: a dark box, the title on a dark chip, a neutral play button, a visible focus ring. */
const PREVIEW_STYLE = [
  'html,body{margin:0;height:100%;background:#212529}',
  'a{position:relative;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.75rem;',
  'box-sizing:border-box;height:100%;padding:1rem;overflow:hidden;color:#fff;text-align:center;text-decoration:none;',
  'font:600 1rem/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}',
  '.play{position:relative;width:72px;height:50px;border:2px solid #fff;border-radius:14px;background:rgba(0,0,0,.8)}',
  '.play::after{content:"";position:absolute;left:27px;top:12px;border-style:solid;border-width:12px 0 12px 20px;',
  'border-color:transparent transparent transparent #fff}',
  '.name{position:relative;max-width:90%;padding:.25rem .6rem;border-radius:6px;background:rgba(0,0,0,.8)}',
  'a:hover .play,a:focus-visible .play{background:#b00020}',
  'a:focus{outline:none}a:focus-visible{outline:4px solid #fff;outline-offset:-8px;box-shadow:inset 0 0 0 8px #0d6efd}',
].join('');

/** Attribute values as sanitize-html writes them: `name="escaped value"`, or a bare name. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of tag.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g))
    attributes.set(name!.toLowerCase(), value ?? '');
  return attributes;
}

/**
 * The preview document's markup as an attribute value, `srcdoc="…"`. Angle brackets are escaped too, so
 * that the tag stays one `<iframe …>` without a `>` inside for every later step that reads tags as text.
 */
const forAttribute = (html: string) =>
  html.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The preview document a frame shows until it is played. `title` and `src` are already escaped, as they
 * were read from the sanitised markup. The link's address is the player with autoplay: following it (a
 * click, Enter) swaps the preview for the player in the same frame, with or without the page's scripts.
 */
function previewDocument(src: string, title: string, poster: string | undefined, mediaBase: string): string {
  const autoplay = `${src}${src.includes('?') ? '&amp;' : '?'}autoplay=1`;
  const picture = poster ? `<img src="${mediaSrc(poster, mediaBase)}" alt="">` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    `<style>${PREVIEW_STYLE}</style></head><body>` +
    `<a href="${autoplay}" aria-label="${EMBED_MESSAGES.play(title)}">${picture}` +
    `<span class="play" aria-hidden="true"></span><span class="name" aria-hidden="true">${title}</span></a>` +
    '</body></html>'
  );
}

/**
 * docs/product.md#blog-post, decision 0029: an embedded video loads behind a click-to-play preview. The
 * frame keeps its player address in `src` and gets a `srcdoc` preview, which browsers show instead: no
 * request reaches the video's host (not even for a thumbnail) until the visitor plays it. The preview is a
 * link named "Play video: <title>", reached with Tab; the poster, when the editor chose one, comes from our
 * media library. `allow` gains `autoplay` so that the player starts on the click that loaded it.
 * Expects frames that already have a title (withFrameTitles); a frame with a `srcdoc` is left as it is.
 */
export function withClickToPlay(html: string, mediaBase = ''): string {
  return html.replace(/<iframe\b[^>]*>/gi, (tag) => {
    const attributes = attributesOf(tag);
    const src = attributes.get('src');
    if (!src || attributes.has('srcdoc')) return tag;
    const title = attributes.get('title')?.trim() || EMBED_MESSAGES.frameTitle;
    const poster = attributes.get('data-poster');
    const preview = previewDocument(src, title, poster && OWN_MEDIA.test(poster) ? poster : undefined, mediaBase);
    const allow = attributes.get('allow');
    const allowed = allow === undefined ? 'autoplay; fullscreen; picture-in-picture' : allow;
    const withAutoplay = /\bautoplay\b/.test(allowed) ? allowed : `${allowed}; autoplay`.replace(/^; /, '');
    return tag
      .replace(/\sallow="[^"]*"/i, '')
      .replace(/^<iframe\b/i, `<iframe srcdoc="${forAttribute(preview)}" allow="${withAutoplay}"`);
  });
}
