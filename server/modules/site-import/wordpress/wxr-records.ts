/**
 * What the WXR parser (./wxr-parser.ts) reads out of a WordPress export: the channel's few fields, its
 * authors and terms, and each `<item>` with only the fields the import uses. Everything is text as the file
 * has it; ./scan.ts and ./doc.ts give it meaning.
 */

export interface RawAuthor {
  id: string;
  login: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
}

export interface RawTerm {
  kind: 'category' | 'tag';
  id: string;
  slug: string;
  name: string;
  /** The parent category's slug, '' for none (tags have none). */
  parent: string;
}

/** An `<category domain nicename>` of an item: the terms it is filed under. */
export interface RawItemTerm {
  domain: string;
  slug: string;
  name: string;
}

export interface RawItem {
  /** The line of the file where the item starts, for messages. */
  line: number;
  id: string;
  type: string;
  status: string;
  title: string;
  link: string;
  creator: string;
  content: string;
  excerpt: string;
  date: string;
  dateGmt: string;
  modified: string;
  modifiedGmt: string;
  slug: string;
  parent: string;
  password: string;
  attachmentUrl: string;
  terms: RawItemTerm[];
  /** Only the post meta the import reads (WXR_META_KEYS); page builders' large values are never kept. */
  meta: Map<string, string>;
  comments: number;
}

/** The channel's own fields that the reader keeps. */
export type ChannelField = 'title' | 'link' | 'wp:wxr_version' | 'wp:base_site_url' | 'wp:base_blog_url';

export type WxrEvent =
  | { kind: 'channel'; name: ChannelField; value: string }
  | { kind: 'author'; author: RawAuthor }
  | { kind: 'term'; term: RawTerm }
  | { kind: 'item'; item: RawItem };

/** Post meta read from items: the featured image, Yoast SEO's title and description, an image's alt text. */
export const WXR_META_KEYS = new Set([
  '_thumbnail_id',
  '_yoast_wpseo_title',
  '_yoast_wpseo_metadesc',
  '_wp_attachment_image_alt',
]);
