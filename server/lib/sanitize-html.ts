import sanitizeHtml from 'sanitize-html';

/** The address of a picture of the media library. */
const OWN_MEDIA = /^\/uploads\/[\w.-]+$/;

/** Iframes may only show videos from these hosts. */
const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

/**
 * Allowlist for rich text written in the admin (TinyMCE) and shown on public pages: formatting, links,
 * images, tables and YouTube/Vimeo iframes. Scripts, event handlers, styles beyond a few safe
 * properties and `javascript:` URLs are removed.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'u',
    's',
    'sub',
    'sup',
    'iframe',
    'figure',
    'figcaption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'title', 'lang', 'dir'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    iframe: [
      'src',
      'width',
      'height',
      'allow',
      'allowfullscreen',
      'frameborder',
      'title',
      'loading',
      'referrerpolicy',
      // The click-to-play preview's picture (app/features/blog/click-to-play.ts); own media only, see below.
      'data-poster',
    ],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'scope'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,2}(\.\d+)?(px|pt|em|rem|%)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'padding-left': [/^\d{1,3}px$/],
      width: [/^\d{1,4}(px|%)$/],
      height: [/^\d{1,4}(px|%)$/],
      'border-collapse': [/^collapse$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // No `data:` images: pasted pictures are stored as files before sanitising (server/modules/uploads/content-images.ts).
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  allowIframeRelativeUrls: false,
  // An iframe whose address was not allowed has no src left: drop it rather than keep an empty frame.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  transformTags: {
    // Links that open elsewhere must not hand the opener over to the other page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    // A video's poster is a picture of our media library, never another host's: the preview must not ask
    // anyone else for anything before the visitor plays the video (decision 0029).
    iframe: (tagName, attribs) => {
      const { ['data-poster']: poster, ...rest } = attribs;
      return { tagName, attribs: poster && OWN_MEDIA.test(poster) ? attribs : rest };
    },
  },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);
