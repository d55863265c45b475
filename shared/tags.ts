/**
 * Tags (docs/product.md#tags). A name starting with `#` is internal: it groups posts (and counts for Read
 * next) but is never shown or linked publicly, and its page does not exist.
 */
export const MAX_TAGS_PER_POST = 20;
export const TAG_NAME_MAX = 100;

export const isInternalTag = (name: string) => name.startsWith('#');

/** A tag's URL segment made from its name: spaces become hyphens (like a category's). */
export const tagSlug = (name: string) => name.trim().replace(/\s+/g, '-');

export const tagUrl = (segment: string) => `/tags/${encodeURIComponent(segment)}`;
export const tagRssUrl = (segment: string) => `${tagUrl(segment)}/rss.xml`;

/** How a tag's name is compared: ignoring case (JavaScript folds every script, SQLite's lower() only ASCII). */
export const tagKey = (name: string) => name.trim().toLowerCase();
