import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { PostStatus } from '#server/db/schema.ts';
import { HIT_END, HIT_START } from './search-snippet';

/**
 * All SQL of the search index (post_search, and on SQLite its FTS5 table post_search_fts; migration
 * 2026-12-01-0027-search): each post's text and its visibility.
 */

/** One post's text as the index keeps it. */
export interface SearchDocument {
  postId: string;
  visibility: 'public' | 'hidden' | 'trashed';
  title: string;
  /** Public tag names, category name, authors' names. */
  terms: string;
  excerpt: string;
  body: string;
  publishedAt: string | null;
}

/** Which posts a search looks in: public (published, not in the trash), or the admin's list's filter. */
export type SearchScope =
  { kind: 'public' } | { kind: 'admin'; status?: PostStatus; categoryId?: string; authorId?: string };

/** A search, made of tokens the caller extracted itself (./search-query.ts): never the text as typed. */
export interface SearchTerms {
  /** SQLite FTS5: `"a" "b"*`. */
  fts5: string;
  /** PostgreSQL to_tsquery: `'a' & 'b':*`. */
  tsquery: string;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** What each post of an index write is made of: its fields, category, and public tags. */
export async function documentSources(trx: Db, ids: readonly string[]) {
  if (!ids.length) return { posts: [], tags: [], authors: [] };
  const posts = await trx
    .selectFrom('blog_posts')
    .leftJoin('blog_categories', 'blog_categories.id', 'blog_posts.category_id')
    .select([
      'blog_posts.id',
      'title',
      'excerpt',
      'content',
      'status',
      'deleted_at',
      'blog_posts.published_at',
      'blog_categories.name as category',
    ])
    .where('blog_posts.id', 'in', ids)
    .execute();
  // Tags whose name starts with `#` are internal (docs/product.md#tags): never searchable.
  const tags = await trx
    .selectFrom('post_tags')
    .innerJoin('blog_tags', 'blog_tags.id', 'post_tags.tag_id')
    .select(['post_tags.post_id', 'blog_tags.name'])
    .where('post_tags.post_id', 'in', ids)
    .where('blog_tags.name', 'not like', '#%')
    .orderBy('post_tags.position')
    .execute();
  const authors = await trx
    .selectFrom('post_authors')
    .select(['post_id', 'user_id'])
    .where('post_id', 'in', ids)
    .orderBy('position')
    .execute();
  return { posts, tags, authors };
}

/**
 * Writes these posts' index rows, 100 to a statement (an upsert: the SQLite triggers and PostgreSQL's
 * generated columns follow).
 */
export async function writeDocuments(trx: Db, docs: readonly SearchDocument[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 100) {
    const rows = docs
      .slice(i, i + 100)
      .map(({ postId, publishedAt, ...fields }) => ({ post_id: postId, published_at: publishedAt, ...fields }));
    await trx
      .insertInto('post_search')
      .values(rows)
      .onConflict((oc) =>
        oc.column('post_id').doUpdateSet((eb) => ({
          visibility: eb.ref('excluded.visibility'),
          title: eb.ref('excluded.title'),
          terms: eb.ref('excluded.terms'),
          excerpt: eb.ref('excluded.excerpt'),
          body: eb.ref('excluded.body'),
          published_at: eb.ref('excluded.published_at'),
        })),
      )
      .execute();
  }
}

/** The posts of a category, those in the trash too (a rename changes their text). */
export async function postIdsOfCategory(trx: Db, categoryId: string): Promise<string[]> {
  const rows = await trx.selectFrom('blog_posts').select('id').where('category_id', '=', categoryId).execute();
  return rows.map((r) => r.id);
}

/** The posts a person is an author of, those in the trash too. */
export async function postIdsOfAuthor(trx: Db, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom('post_authors').select('post_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.post_id);
}

/** The admin's filters on `p` (blog_posts): status, category, own posts; `TRUE` without any. */
function adminFilter(scope: SearchScope): RawBuilder<unknown> {
  const parts = [sql`TRUE`];
  if (scope.kind === 'admin') {
    if (scope.status) parts.push(sql`p.status = ${scope.status}`);
    if (scope.categoryId) parts.push(sql`p.category_id = ${scope.categoryId}`);
    if (scope.authorId) {
      parts.push(sql`EXISTS (SELECT 1 FROM post_authors a WHERE a.post_id = p.id AND a.user_id = ${scope.authorId})`);
    }
  }
  return sql.join(parts, sql` AND `);
}

/**
 * The FTS5 query of a scope: the words, and the visibility tokens of migration 2026-12-01-0027 left out
 * with `NOT` (cheap: few posts carry them), so a search reads no post's row to know whether it may show it.
 */
const fts5Query = (terms: SearchTerms, scope: SearchScope) =>
  `(${terms.fts5}) NOT visibility : "${scope.kind === 'public' ? 'vis0hidden' : 'vis0trashed'}"`;

/**
 * A page of matching post ids, best first, and how many match. SQLite ranks by bm25 with the title
 * weighing most (the visibility column weighs nothing); PostgreSQL by ts_rank of the small `head` vector
 * (title, terms, excerpt), then the newest publication: ranking by the whole document read every matching
 * post's content, too slow for common words (docs/decisions/0023-search.md).
 */
export async function searchPostIds(
  db: Db,
  terms: SearchTerms,
  scope: SearchScope,
  slice: { offset: number; limit: number },
): Promise<{ ids: string[]; total: number }> {
  if (isPostgres(db)) return db.transaction().execute((trx) => searchPostIdsPostgres(trx, terms, scope, slice));
  return searchPostIdsSqlite(db, terms, scope, slice);
}

/**
 * PostgreSQL's page and count, always through the GIN index: for a word in most posts the planner expects
 * nearly every row and scans the table, which reads (detoasts) every post's whole vector to test it, 43 ms
 * instead of 8 on 10,000 posts; it cannot know the vectors are stored out of line. `SET LOCAL` holds for
 * this transaction only. A public search reads the index rows alone (they carry the publication date,
 * migration 2026-12-02-0029); the admin's filters join the posts.
 */
async function searchPostIdsPostgres(
  trx: Db,
  terms: SearchTerms,
  scope: SearchScope,
  slice: { offset: number; limit: number },
): Promise<{ ids: string[]; total: number }> {
  await sql`SET LOCAL enable_seqscan = off`.execute(trx);
  const query = sql`to_tsquery('blog_search', ${terms.tsquery})`;
  const rank = sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', s.head, ${query})`;
  const from =
    scope.kind === 'public'
      ? sql`FROM post_search s WHERE s.document @@ ${query} AND s.visibility = 'public'`
      : sql`FROM post_search s JOIN blog_posts p ON p.id = s.post_id
          WHERE s.document @@ ${query} AND s.visibility <> 'trashed' AND ${adminFilter(scope)}`;
  const { rows } = await sql<{ id: string }>`
    SELECT s.post_id AS id ${from} ORDER BY ${rank} DESC, s.published_at DESC, s.post_id
    LIMIT ${slice.limit} OFFSET ${slice.offset}`.execute(trx);
  const { rows: count } = await sql<{ n: string | number }>`SELECT count(*) AS n ${from}`.execute(trx);
  return { ids: rows.map((r) => r.id), total: Number(count[0]?.n ?? 0) };
}

/** SQLite's page and count, ranked by bm25 inside the full-text index. */
async function searchPostIdsSqlite(
  db: Db,
  terms: SearchTerms,
  scope: SearchScope,
  slice: { offset: number; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const filter = adminFilter(scope);
  const match = fts5Query(terms, scope);
  const filtered = scope.kind === 'admin' && Boolean(scope.status ?? scope.categoryId ?? scope.authorId);
  if (!filtered) {
    // The visibility is in the index: only the page's rows are read, for their post ids.
    const { rows } = await sql<{ id: string }>`
      SELECT s.post_id AS id FROM (
        SELECT rowid, bm25(post_search_fts, 10.0, 4.0, 2.0, 1.0, 0.0) AS score FROM post_search_fts
        WHERE post_search_fts MATCH ${match} ORDER BY score, rowid DESC LIMIT ${slice.limit} OFFSET ${slice.offset}
      ) hit JOIN post_search s ON s.id = hit.rowid ORDER BY hit.score, hit.rowid DESC`.execute(db);
    const { rows: count } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM post_search_fts WHERE post_search_fts MATCH ${match}`.execute(db);
    return { ids: rows.map((r) => r.id), total: Number(count[0]?.n ?? 0) };
  }
  const from = sql`FROM post_search_fts CROSS JOIN post_search s ON s.id = post_search_fts.rowid
    CROSS JOIN blog_posts p ON p.id = s.post_id WHERE post_search_fts MATCH ${match} AND ${filter}`;
  const { rows } = await sql<{ id: string }>`
    SELECT s.post_id AS id ${from}
    ORDER BY bm25(post_search_fts, 10.0, 4.0, 2.0, 1.0, 0.0), p.created_at DESC, p.id
    LIMIT ${slice.limit} OFFSET ${slice.offset}`.execute(db);
  const { rows: count } = await sql<{ n: number }>`SELECT count(*) AS n ${from}`.execute(db);
  return { ids: rows.map((r) => r.id), total: Number(count[0]?.n ?? 0) };
}

/**
 * The words around the hits in these posts' content, hits between HIT_START and HIT_END (the index's
 * text never holds those characters: server/lib/plain-text.ts). Asked for one page's posts only.
 */
export async function snippetsOf(db: Db, terms: SearchTerms, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  if (isPostgres(db)) {
    const options = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
    const { rows } = await sql<{ id: string; snippet: string }>`
      SELECT post_id AS id, ts_headline('blog_search', body, to_tsquery('blog_search', ${terms.tsquery}), ${options}) AS snippet
      FROM post_search WHERE post_id IN (${sql.join(ids)})`.execute(db);
    return new Map(rows.map((r) => [r.id, r.snippet]));
  }
  // One pass of the query over the index, its rows kept to the page's (`+rowid`: a plain `rowid IN` is
  // handed to FTS5 as one lookup per post, and a prefix query merges its words' lists again for each:
  // 16 ms instead of 2.5 for `thomi*` on 10,000 posts, scripts/bench-growth.ts).
  const { rows } = await sql<{ id: string; snippet: string }>`
    SELECT s.post_id AS id, hit.snippet FROM (
      SELECT rowid, snippet(post_search_fts, 3, ${HIT_START}, ${HIT_END}, '…', 24) AS snippet FROM post_search_fts
      WHERE post_search_fts MATCH ${terms.fts5}
        AND +rowid IN (SELECT id FROM post_search WHERE post_id IN (${sql.join(ids)}))
    ) hit JOIN post_search s ON s.id = hit.rowid`.execute(db);
  return new Map(rows.map((r) => [r.id, r.snippet]));
}

/** The titles of the public posts (the vocabulary suggestions are picked from). */
export async function publicTitles(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .select('title')
    .where('status', '=', 'published')
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.title);
}

/** Posts without an index row (every post has one, trashed ones too): left by an import killed mid-way. */
export async function unindexedPostIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('post_search').select('post_id').whereRef('post_search.post_id', '=', 'blog_posts.id'))),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
