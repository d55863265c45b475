import { UPLOAD_MESSAGES } from '#shared/messages.ts';
import { InvalidInputError } from '#server/errors.ts';
import { decodedPixelsOf } from './image';
import type { UploadService } from './service';

const IMG = /<img\b[^>]*>/gi;
const DATA_SRC = /\ssrc=(["'])data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)\1/i;
const ALT = /\salt=(["'])(.*?)\1/i;
const UPLOAD_SRC = /\ssrc=(["'])(\/uploads\/[\w.-]+)\1/i;
/** More inline images than any real post pastes at once. */
const MAX_INLINE = 30;
/**
 * Pixels all pasted images of one save may decode together, checked from their headers before any is
 * decoded: one 177 KB post with 30 large pasted images took 248 s (issue 30). One big photo fits; a larger
 * set goes through the media library, one request per image.
 */
export const MAX_INLINE_PIXELS = 40_000_000;

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Images in rich text (docs/product.md#media-library). A pasted or dropped picture that reached the
 * server inline (`data:` URL) is stored as an upload like any other, and the post refers to its file:
 * posts stay small and every image gets its WebP variants. Each image of the library then gets its
 * width and height written in, so pages reserve its space.
 */
export function createContentImages(uploads: UploadService) {
  return {
    async inlineToFiles(html: string): Promise<string> {
      const tags = html.match(IMG)?.filter((tag) => DATA_SRC.test(tag)) ?? [];
      if (!tags.length) return html;
      if (tags.length > MAX_INLINE) throw new InvalidInputError(UPLOAD_MESSAGES.tooManyInline(MAX_INLINE), 'content');
      const images = tags.map((tag) => {
        const [, quote, base64] = DATA_SRC.exec(tag)!;
        return { tag, quote, bytes: Buffer.from(base64!.replace(/\s+/g, ''), 'base64') };
      });
      let pixels = 0;
      for (const image of images) pixels += await decodedPixelsOf(image.bytes);
      if (pixels > MAX_INLINE_PIXELS)
        throw new InvalidInputError(UPLOAD_MESSAGES.inlineTooLarge(MAX_INLINE_PIXELS / 1_000_000), 'content');
      let result = html;
      for (const { tag, quote, bytes } of images) {
        const alt = unescape(ALT.exec(tag)?.[2] ?? '');
        const stored = await uploads.storeImage(bytes, { originalName: 'pasted image', alt });
        result = result.replace(tag, tag.replace(DATA_SRC, ` src=${quote}${stored.url}${quote}`));
      }
      return result;
    },

    async withSizes(html: string): Promise<string> {
      const tags = html.match(IMG)?.filter((tag) => UPLOAD_SRC.test(tag) && !/\swidth=/i.test(tag)) ?? [];
      if (!tags.length) return html;
      const sizes = new Map(
        (await uploads.sizesOf(tags.map((tag) => UPLOAD_SRC.exec(tag)![2]!))).map((s) => [s.url, s]),
      );
      return html.replace(IMG, (tag) => {
        const size = UPLOAD_SRC.test(tag) && !/\swidth=/i.test(tag) ? sizes.get(UPLOAD_SRC.exec(tag)![2]!) : undefined;
        return size ? tag.replace(/^<img\b/i, `<img width="${size.width}" height="${size.height}"`) : tag;
      });
    },
  };
}
export type ContentImages = ReturnType<typeof createContentImages>;
