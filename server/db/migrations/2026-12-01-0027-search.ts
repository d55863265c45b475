import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { indexableText, plainTextOf } from '#server/lib/plain-text.ts';

/**
 * Full-text search of posts (docs/decisions/0023-search.md). `post_search` holds each post's text as the
 * index reads it (title, excerpt, content as plain text, and `terms`: its public tags, category and
 * authors' names), one row per post, and `visibility` ('public': published and not in the trash;
 * 'hidden': not published; 'trashed'), written in the transaction of every post write that changes them
 * (server/modules/blog/search-index.ts). On SQLite the visibility is a column of the full-text index too,
 * as tokens no query word can be (FTS_VISIBILITY: nothing for a public post, `vis0hidden` for any
 * other, and `vis0trashed` too for one in the trash), so a search filters inside the index with a cheap
 * `NOT` instead of reading every matching post's row. The index keeps prefixes of three characters
 * (`prefix = '3'`): a word being typed is searched as a prefix once it has three.
 *
 * - SQLite: an FTS5 table over it (external content, kept in step by triggers), stemming English with
 *   the porter tokenizer over unicode61 without diacritics ("pricing" finds "prices", "cafe" finds "Café").
 * - PostgreSQL: a generated, weighted `tsvector` column with a GIN index, through a text search
 *   configuration `blog_search` (english, with `unaccent` before the stemmer: both immutable, as a
 *   generated column needs). A smaller `head` vector (title, terms, excerpt) ranks; see the decision.
 *
 * Then the index is built for the posts there are, 500 at a time. Frozen once landed.
 */
/** What the FTS5 table indexes of a row's visibility (the triggers' delete must give what the insert gave). */
const FTS_VISIBILITY = (row: 'new' | 'old') =>
  sql.raw(
    `CASE ${row}.visibility WHEN 'public' THEN '' WHEN 'hidden' THEN 'vis0hidden' ELSE 'vis0hidden vis0trashed' END`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
    await sql`CREATE TEXT SEARCH CONFIGURATION blog_search (COPY = english)`.execute(db);
    await sql`ALTER TEXT SEARCH CONFIGURATION blog_search
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem`.execute(db);
    await sql`CREATE TABLE post_search (
      post_id varchar(36) PRIMARY KEY REFERENCES blog_posts(id) ON DELETE CASCADE,
      visibility varchar(10) NOT NULL,
      title text NOT NULL,
      terms text NOT NULL,
      excerpt text NOT NULL,
      body text NOT NULL,
      head tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('blog_search', title), 'A') ||
        setweight(to_tsvector('blog_search', terms), 'B') ||
        setweight(to_tsvector('blog_search', excerpt), 'C')) STORED,
      document tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('blog_search', title), 'A') ||
        setweight(to_tsvector('blog_search', terms), 'B') ||
        setweight(to_tsvector('blog_search', excerpt), 'C') ||
        setweight(to_tsvector('blog_search', body), 'D')) STORED
    )`.execute(db);
  } else {
    await sql`CREATE TABLE post_search (
      id integer PRIMARY KEY,
      post_id varchar(36) NOT NULL UNIQUE REFERENCES blog_posts(id) ON DELETE CASCADE,
      visibility varchar(10) NOT NULL,
      title text NOT NULL,
      terms text NOT NULL,
      excerpt text NOT NULL,
      body text NOT NULL
    )`.execute(db);
    await sql`CREATE VIRTUAL TABLE post_search_fts USING fts5(
      title, terms, excerpt, body, visibility,
      content = 'post_search', content_rowid = 'id', prefix = '3',
      tokenize = 'porter unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`CREATE TRIGGER post_search_ai AFTER INSERT ON post_search BEGIN
      INSERT INTO post_search_fts (rowid, title, terms, excerpt, body, visibility)
      VALUES (new.id, new.title, new.terms, new.excerpt, new.body, ${FTS_VISIBILITY('new')});
    END`.execute(db);
    await sql`CREATE TRIGGER post_search_ad AFTER DELETE ON post_search BEGIN
      INSERT INTO post_search_fts (post_search_fts, rowid, title, terms, excerpt, body, visibility)
      VALUES ('delete', old.id, old.title, old.terms, old.excerpt, old.body, ${FTS_VISIBILITY('old')});
    END`.execute(db);
    await sql`CREATE TRIGGER post_search_au AFTER UPDATE ON post_search BEGIN
      INSERT INTO post_search_fts (post_search_fts, rowid, title, terms, excerpt, body, visibility)
      VALUES ('delete', old.id, old.title, old.terms, old.excerpt, old.body, ${FTS_VISIBILITY('old')});
      INSERT INTO post_search_fts (rowid, title, terms, excerpt, body, visibility)
      VALUES (new.id, new.title, new.terms, new.excerpt, new.body, ${FTS_VISIBILITY('new')});
    END`.execute(db);
  }
  await buildIndex(db);
  // Made after the rows (built in bulk), and without GIN's pending list: with `fastupdate` its unmerged
  // entries made the planner scan every row's vector until a vacuum (a search of a rare word: 190 ms
  // instead of 1 ms on 10,000 posts); a blog's saves are few, each merges its own entries at once.
  if (isPostgres(db)) {
    await sql`CREATE INDEX post_search_document_idx ON post_search USING GIN (document) WITH (fastupdate = off)`.execute(
      db,
    );
  }
}

/** The index rows of every post there is, from the same sources server/modules/blog/search-index.ts reads. */
async function buildIndex(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows: posts } = await sql<{
      id: string;
      title: string;
      excerpt: string;
      content: string;
      category: string | null;
      status: string;
      deleted_at: string | null;
    }>`SELECT p.id, p.title, p.excerpt, p.content, p.status, p.deleted_at, c.name AS category FROM blog_posts p
       LEFT JOIN blog_categories c ON c.id = p.category_id
       WHERE p.id > ${after} ORDER BY p.id LIMIT 500`.execute(db);
    if (!posts.length) return;
    const ids = posts.map((p) => p.id);
    const { rows: names } = await sql<{ post_id: string; name: string }>`
      SELECT a.post_id, u.name FROM post_authors a JOIN users u ON u.id = a.user_id
      WHERE a.post_id IN (${sql.join(ids)})
      UNION ALL
      SELECT t.post_id, g.name FROM post_tags t JOIN blog_tags g ON g.id = t.tag_id
      WHERE t.post_id IN (${sql.join(ids)}) AND g.name NOT LIKE '#%'`.execute(db);
    const terms = new Map<string, string[]>();
    for (const { post_id, name } of names) terms.set(post_id, [...(terms.get(post_id) ?? []), name]);
    for (const p of posts) {
      const visibility = p.deleted_at ? 'trashed' : p.status === 'published' ? 'public' : 'hidden';
      await sql`INSERT INTO post_search (post_id, visibility, title, terms, excerpt, body) VALUES (
        ${p.id}, ${visibility}, ${indexableText(p.title)},
        ${indexableText([...(terms.get(p.id) ?? []), p.category ?? ''].join(' '))},
        ${indexableText(p.excerpt)}, ${plainTextOf(p.content)})`.execute(db);
    }
    after = ids[ids.length - 1]!;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TABLE post_search`.execute(db);
    await sql`DROP TEXT SEARCH CONFIGURATION blog_search`.execute(db);
  } else {
    await sql`DROP TABLE post_search_fts`.execute(db);
    await sql`DROP TABLE post_search`.execute(db);
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
