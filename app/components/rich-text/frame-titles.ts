import { EMBED_MESSAGES } from '#shared/messages.ts';

/**
 * Every embedded frame gets a name for screen readers (axe `frame-title`, serious): one the editor gave is
 * kept, others are called "Embedded video" (the only frames rich text may hold are YouTube and Vimeo
 * players, server/lib/sanitize-html.ts). Done when the page is made, so posts saved before need no change.
 */
export const withFrameTitles = (html: string): string =>
  html.replace(/<iframe\b([^>]*)>/gi, (tag, attributes: string) =>
    /\stitle="\s*[^"\s]/i.test(attributes)
      ? tag
      : `<iframe title="${EMBED_MESSAGES.frameTitle}"${attributes.replace(/\stitle="[^"]*"/i, '')}>`,
  );
