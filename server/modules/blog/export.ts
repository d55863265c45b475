import type { ExportedCategory, ExportedPost, ExportedTag } from '#shared/site-export.ts';
import type { Db } from '#server/db/database.ts';
import { authorsOfPosts } from './authors-repository';
import { listCategories } from './categories-repository';
import { pathOf, reviewOf } from './mapping';
import { countPosts, postsAfter, type PostRow } from './posts-repository';
import { listTagsWithCounts, tagIdsOfPosts } from './tags-repository';

/** Posts per query of the site export: their content is the big part, so memory holds one batch of it. */
const POST_BATCH = 200;

/** Groups `[{ post_id, value }]` rows (already in each post's order) by post. */
function byPost<R extends { post_id: string }>(rows: R[], value: (row: R) => string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const list = map.get(row.post_id) ?? [];
    list.push(value(row));
    map.set(row.post_id, list);
  }
  return map;
}

const toExported = (row: PostRow, authors: string[], tags: string[]): ExportedPost => ({
  id: row.id,
  title: row.title,
  excerpt: row.excerpt,
  content: row.content,
  featureImage: row.feature_image,
  categoryId: row.category_id,
  slug: row.slug,
  customSlug: row.custom_slug,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  socialImage: row.social_image,
  status: row.status,
  publishAt: row.publish_at,
  publishedAt: row.published_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  newsletter: row.newsletter === 1,
  review: reviewOf(row),
  authorIds: authors,
  tagIds: tags,
  url: pathOf(row.category_slug, row.slug),
});

/**
 * The blog's part of the site export (docs/product.md#export): every post outside the trash with all its
 * fields, its authors and tags by id, a batch at a time; categories and tags whole. Preview tokens are left
 * out (a secret link), and so are the counters the site makes again (words, versions).
 */
export function createBlogExport(deps: { db: Db }) {
  const { db } = deps;
  return {
    async *exportPosts(batch = POST_BATCH): AsyncGenerator<ExportedPost[]> {
      let after = '';
      for (;;) {
        const rows = await postsAfter(db, after, batch);
        if (!rows.length) return;
        const ids = rows.map((row) => row.id);
        const [authorRows, tagRows] = await Promise.all([authorsOfPosts(db, ids), tagIdsOfPosts(db, ids)]);
        const authors = byPost(authorRows, (row) => row.user_id);
        const tags = byPost(tagRows, (row) => row.tag_id);
        yield rows.map((row) => toExported(row, authors.get(row.id) ?? [], tags.get(row.id) ?? []));
        if (rows.length < batch) return;
        after = rows.at(-1)!.id;
      }
    },

    async exportCategories(): Promise<ExportedCategory[]> {
      return (await listCategories(db)).map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }));
    },

    async exportTags(): Promise<ExportedTag[]> {
      return (await listTagsWithCounts(db)).map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        metaTitle: row.meta_title,
        metaDescription: row.meta_description,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }));
    },

    /** Posts outside the trash. */
    countAllPosts: () => countPosts(db, {}),
  };
}
