/**
 * Reading time (docs/product.md#reading-time): the words of a post's content at about 230 words a minute,
 * at least one minute. The server counts the words on every write (`blog_posts.word_count`), so pages
 * never count them per request.
 */
export const WORDS_PER_MINUTE = 230;

/** Words of rich text: its tags and entities are spaces; a word holds at least one letter or digit. */
export const wordCount = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

export const readingMinutes = (words: number) => Math.max(1, Math.round(words / WORDS_PER_MINUTE));
