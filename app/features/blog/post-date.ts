import type { PostDetails } from '#shared/schemas/blog.ts';

/** The date a post shows: when it was first published (a draft or a preview: when it was made). */
export const postDate = (post: Pick<PostDetails, 'publishedAt' | 'createdAt'>) => post.publishedAt ?? post.createdAt;
