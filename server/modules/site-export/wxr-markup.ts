import type { PageBlock } from '#shared/page-blocks.ts';
import { escapeXml } from '#shared/xml.ts';

/** Characters XML 1.0 does not allow anywhere, even in CDATA. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as CDATA; a `]]>` inside is split across two sections, so no content can end the section early. */
export const cdata = (text: string) => `<![CDATA[${text.replace(NOT_XML, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** Text as an escaped XML value. */
export const text = (value: string) => escapeXml(value.replace(NOT_XML, ''));

/** Site paths in `src` and `href` made absolute, so the file's content works on another site. */
export const absolute = (html: string, base: string) =>
  html.replace(/\b(src|href)=(["'])\/(?!\/)/g, (_match, attr: string, quote: string) => `${attr}=${quote}${base}/`);

/** An address that is a site path made absolute; any other left as it is. */
export const absoluteUrl = (url: string, base: string) =>
  url.startsWith('/') && !url.startsWith('//') ? base + url : url;

const esc = escapeXml;

/**
 * A page's blocks as one HTML body, for a WordPress page (docs/product.md#export): their words, images and
 * links; what only this site can show (a list of posts, the contact form) keeps its heading and text.
 */
export function blocksHtml(blocks: readonly PageBlock[]): string {
  const parts: string[] = [];
  const heading = (value: string) => (value ? `<h2>${esc(value)}</h2>` : '');
  const para = (value: string) => (value ? `<p>${esc(value)}</p>` : '');
  for (const block of blocks) {
    switch (block.type) {
      case 'hero':
        parts.push(heading(block.heading), para(block.text));
        if (block.image) parts.push(`<p><img src="${esc(block.image)}" alt="${esc(block.imageAlt)}"></p>`);
        for (const button of block.buttons) parts.push(`<p><a href="${esc(button.href)}">${esc(button.label)}</a></p>`);
        break;
      case 'richText':
        parts.push(block.html);
        break;
      case 'image':
        parts.push(
          `<figure><img src="${esc(block.image)}" alt="${esc(block.alt)}">` +
            (block.caption ? `<figcaption>${esc(block.caption)}</figcaption>` : '') +
            '</figure>',
        );
        break;
      case 'textImage':
        parts.push(heading(block.heading), block.html);
        if (block.image) parts.push(`<p><img src="${esc(block.image)}" alt="${esc(block.imageAlt)}"></p>`);
        break;
      case 'cta':
        parts.push(heading(block.heading), para(block.text));
        parts.push(`<p><a href="${esc(block.button.href)}">${esc(block.button.label)}</a></p>`);
        break;
      case 'features':
        parts.push(heading(block.heading));
        for (const item of block.items) parts.push(`<h3>${esc(item.title)}</h3>`, para(item.text));
        break;
      case 'faq':
        parts.push(heading(block.heading));
        for (const item of block.items) parts.push(`<h3>${esc(item.question)}</h3>`, para(item.answer));
        break;
      case 'posts':
      case 'contact':
      case 'subscribe':
        parts.push(heading(block.heading), para('text' in block ? block.text : ''));
        break;
      case 'landing':
        break;
    }
  }
  return parts.filter(Boolean).join('\n');
}
