import type { Db } from '#server/db/database.ts';
import type { ExportedCategory, ExportedPost, ExportedTag } from '#shared/site-export.ts';
import { wordCount } from '#shared/reading-time.ts';

/** The SQL of restoring a site export (docs/decisions/0039-export.md): rows written as the archive has them. */

/** Every post's id and title, trash included (whether the site is still only its demo). */
export function allPostTitles(db: Db) {
  return db.selectFrom('blog_posts').select(['id', 'title']).execute();
}

/** Removes every post, category and tag with what hangs on them: the demo an export replaces. */
export async function clearBlog(trx: Db): Promise<void> {
  for (const table of [
    'post_tags',
    'post_authors',
    'related_posts',
    'related_dirty',
    'post_search',
    'blog_redirects',
    'tag_redirects',
    'trash',
  ] as const) {
    await trx.deleteFrom(table).execute();
  }
  await trx.deleteFrom('blog_posts').execute();
  await trx.deleteFrom('blog_tags').execute();
  await trx.deleteFrom('blog_categories').execute();
}

export async function insertCategoryRow(trx: Db, c: ExportedCategory): Promise<void> {
  await trx
    .insertInto('blog_categories')
    .values({
      id: c.id,
      name: c.name,
      name_key: c.name.toLowerCase(),
      slug: c.slug,
      slug_key: c.slug.toLowerCase(),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
    })
    .execute();
}

export async function insertTagRow(trx: Db, t: ExportedTag): Promise<void> {
  await trx
    .insertInto('blog_tags')
    .values({
      id: t.id,
      name: t.name,
      name_key: t.name.toLowerCase(),
      slug: t.slug,
      slug_key: t.slug.toLowerCase(),
      description: t.description,
      meta_title: t.metaTitle,
      meta_description: t.metaDescription,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
    })
    .execute();
}

/** A post with its authors (already mapped to this site's people) and tags, in their order. */
export async function insertPostRow(trx: Db, p: ExportedPost, authorIds: readonly string[]): Promise<void> {
  await trx
    .insertInto('blog_posts')
    .values({
      id: p.id,
      title: p.title,
      excerpt: p.excerpt,
      content: p.content,
      feature_image: p.featureImage,
      category_id: p.categoryId,
      slug: p.slug,
      custom_slug: p.customSlug,
      meta_title: p.metaTitle,
      meta_description: p.metaDescription,
      social_image: p.socialImage,
      status: p.status,
      publish_at: p.publishAt,
      published_at: p.publishedAt,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      newsletter: p.newsletter ? 1 : 0,
      review_note: p.review?.note ?? null,
      review_by: p.review?.by ?? null,
      review_at: p.review?.at ?? null,
      preview_token: null,
      deleted_at: null,
      word_count: wordCount(p.content),
    })
    .execute();
  if (authorIds.length) {
    await trx
      .insertInto('post_authors')
      .values(authorIds.map((userId, position) => ({ post_id: p.id, user_id: userId, position })))
      .execute();
  }
  if (p.tagIds.length) {
    await trx
      .insertInto('post_tags')
      .values(p.tagIds.map((tagId, position) => ({ post_id: p.id, tag_id: tagId, position })))
      .execute();
  }
}
