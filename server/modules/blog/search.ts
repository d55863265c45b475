import type { PostStatus } from '#shared/schemas/blog.ts';
import { SEARCH_PAGE_SIZE, type SearchHit, type SearchMeta } from '#shared/schemas/search.ts';
import type { Db } from '#server/db/database.ts';
import { authorScopeOf, type Writer } from './post-access';
import { toPost } from './mapping';
import { findPostsByIds } from './posts-repository';
import { queryWords, searchTermsOf } from './search-query';
import { publicTitles, searchPostIds, snippetsOf, type SearchScope } from './search-repository';
import { snippetHtml } from './search-snippet';
import { suggestionsFor, vocabularyOf, type Vocabulary } from './search-suggestions';

interface SearchPage {
  page?: number;
  limit?: number;
}

/**
 * Search of posts (docs/product.md#search): the public one over published posts, with snippets and, when
 * nothing matches, suggestions; the admin's over its list (every status, an Author's own posts only).
 * `contentVersion` keys the suggestions' vocabulary, so every process sees a title change at once.
 */
export function createSearch(deps: { db: Db; contentVersion: () => Promise<number> }) {
  const { db } = deps;
  let vocabulary: { version: number; words: Promise<Vocabulary> } | undefined;

  async function suggestions(words: string[]): Promise<string[]> {
    const version = await deps.contentVersion();
    if (vocabulary?.version !== version) {
      vocabulary = { version, words: publicTitles(db).then(vocabularyOf) };
      // A failed read is not kept: the next search reads again.
      const current = vocabulary;
      current.words.catch(() => {
        if (vocabulary === current) vocabulary = undefined;
      });
    }
    return suggestionsFor(await vocabulary.words, words);
  }

  /** Matching posts of a scope, best first: the page's rows as stored, in order, and the total. */
  async function matching(q: string, scope: SearchScope, page: SearchPage, defaultLimit: number) {
    const words = queryWords(q);
    const limit = page.limit ?? defaultLimit;
    const number = page.page ?? 1;
    if (!words.length) return { words, terms: undefined, rows: [], total: 0, limit, number };
    const terms = searchTermsOf(words);
    const { ids, total } = await searchPostIds(db, terms, scope, { offset: (number - 1) * limit, limit });
    const byId = new Map((await findPostsByIds(db, ids)).map((row) => [row.id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return { words, terms, rows, total, limit, number };
  }

  return {
    /** The public search: published posts only. */
    async searchPublic(q: string, page: SearchPage = {}): Promise<{ hits: SearchHit[]; meta: SearchMeta }> {
      const { words, terms, rows, total, limit, number } = await matching(
        q,
        { kind: 'public' },
        page,
        SEARCH_PAGE_SIZE,
      );
      const snippets = terms
        ? await snippetsOf(
            db,
            terms,
            rows.map((row) => row.id),
          )
        : new Map<string, string>();
      const hits = rows.map((row) => {
        const post = toPost(row);
        return {
          _id: post._id,
          title: post.title,
          excerpt: post.excerpt,
          featureImage: post.featureImage,
          url: post.url,
          publishedAt: post.publishedAt,
          category: row.category_name,
          snippet: snippetHtml(snippets.get(row.id) ?? ''),
        };
      });
      const suggested = total === 0 && words.length ? await suggestions(words) : [];
      return {
        hits,
        meta: { page: number, limit, total, hasMore: number * limit < total, suggestions: suggested },
      };
    },

    /** The admin list's search: every status but the trash, an Author's or Contributor's own posts only. */
    async searchForAdmin(q: string, filter: { status?: PostStatus; categoryId?: string } & SearchPage, actor: Writer) {
      const scope: SearchScope = {
        kind: 'admin',
        status: filter.status,
        categoryId: filter.categoryId,
        authorId: authorScopeOf(actor),
      };
      const { rows, total, limit, number } = await matching(q, scope, filter, 50);
      return { posts: rows.map(toPost), pageInfo: { page: number, limit, total, hasMore: number * limit < total } };
    },
  };
}
