import type { PostCard } from '#shared/schemas/blog.ts';
import type { SiteContent } from '#shared/schemas/content.ts';

export type ImageSize = { width: number; height: number };

/**
 * What a page's blocks show beyond their own fields, read on the server per render: the posts of each
 * list-of-posts block (by block id) and the landing's sections that landing blocks show. Plain data, so it
 * travels in the page's loader data.
 */
export interface PageBlockData {
  posts: Record<string, PostCard[]>;
  /** Width and height of the blocks' media-library images by address (an image not found has none). */
  images: Record<string, ImageSize>;
  team?: SiteContent['team'];
  services?: SiteContent['services'];
  portfolio?: SiteContent['portfolio'];
}

/** A page's blocks with nothing read yet (a block whose data is missing renders nothing of it). */
export const NO_BLOCK_DATA: PageBlockData = { posts: {}, images: {} };
