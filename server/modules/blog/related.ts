import type { PostCard } from '#shared/schemas/blog.ts';
import { readingMinutes } from '#shared/reading-time.ts';
import type { Db } from '#server/db/database.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { pathOf } from './mapping';
import * as repo from './related-repository';

/** Posts under each post (docs/product.md#read-next); a list keeps a few more in case some go. */
const READ_NEXT = 3;
const KEPT = 6;
/** Stale marks handled per pass; one pass loads the published posts once. */
const MARKS_PER_PASS = 200;
/** Lists written per transaction: short ones, so other writers wait little on SQLite. */
const LISTS_PER_TRANSACTION = 200;
/** Posts ranked between two turns of the event loop. */
const RANKS_BETWEEN_YIELDS = 50;

const STOP_WORDS = new Set(['this', 'that', 'with', 'from', 'your', 'what', 'have', 'will', 'about', 'they', 'their']);
const wordsOf = (text: string) =>
  new Set(
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 3 && !STOP_WORDS.has(word)),
  );

type Corpus = Awaited<ReturnType<typeof repo.publishedCorpus>>;

/** A word in more posts than this says little about any two of them and would make every post a candidate. */
const COMMON_WORD_POSTS = 300;
/** Of a category, only its newest posts are candidates by category alone (words and tags find the others). */
const CATEGORY_CANDIDATES = 200;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Each post's list from the published posts: most shared tags first, then the same category, then the
 * most shared words of title and excerpt (cosine), then the newest (docs/decisions/0024-tags-and-read-next.md).
 * Only candidates are scored — posts sharing a tag, a word that is not common, the category's newest and
 * the newest overall — found through indexes built once per corpus, so a list costs about the same with
 * 10,000 posts as with 100.
 */
function rankerOf(corpus: Corpus) {
  // Words as numbers in sorted arrays, not sets of strings: 10,000 posts hold a million words, which as
  // strings in sets took hundreds of MB during an import's sweep (docs/decisions/0038-import.md).
  const vocabulary = new Map<string, number>();
  const wordIdsOf = (text: string) => {
    const words = wordsOf(text);
    const ids = new Uint32Array(words.size);
    let i = 0;
    for (const word of words) {
      let id = vocabulary.get(word);
      if (id === undefined) vocabulary.set(word, (id = vocabulary.size));
      ids[i++] = id;
    }
    return ids.sort();
  };
  const posts = [...corpus.posts]
    .sort((a, b) => ((a.published_at ?? '') < (b.published_at ?? '') ? 1 : -1))
    .map((post) => ({
      id: post.id,
      category_id: post.category_id,
      published_at: post.published_at,
      words: wordIdsOf(`${post.title} ${post.excerpt}`),
      tags: new Set<string>(),
    }));
  vocabulary.clear();
  const byId = new Map(posts.map((post) => [post.id, post]));
  const byTag = new Map<string, typeof posts>();
  for (const { post_id, tag_id } of corpus.tags) {
    const post = byId.get(post_id);
    if (!post) continue;
    post.tags.add(tag_id);
    push(byTag, tag_id, post);
  }
  const byWord = new Map<number, typeof posts>();
  const byCategory = new Map<string, typeof posts>();
  for (const post of posts) {
    for (const word of post.words) push(byWord, word, post);
    if (post.category_id !== null) push(byCategory, post.category_id, post);
  }
  const newest = posts.slice(0, KEPT + 1);
  return (postId: string): string[] => {
    const me = byId.get(postId);
    if (!me) return [];
    const candidates = new Set(newest);
    for (const tag of me.tags) for (const other of byTag.get(tag) ?? []) candidates.add(other);
    for (const word of me.words) {
      const having = byWord.get(word) ?? [];
      if (having.length <= COMMON_WORD_POSTS) for (const other of having) candidates.add(other);
    }
    if (me.category_id !== null) {
      for (const other of (byCategory.get(me.category_id) ?? []).slice(0, CATEGORY_CANDIDATES)) candidates.add(other);
    }
    const scored = [];
    for (const other of candidates) {
      if (other.id === me.id) continue;
      let tags = 0;
      for (const tag of other.tags) if (me.tags.has(tag)) tags++;
      const category = me.category_id !== null && other.category_id === me.category_id ? 1 : 0;
      const shared = sharedCount(me.words, other.words);
      const text = shared ? shared / Math.sqrt(me.words.length * other.words.length) : 0;
      scored.push({ id: other.id, tags, category, text, at: other.published_at ?? '' });
    }
    scored.sort(
      (a, b) =>
        b.tags - a.tags ||
        b.category - a.category ||
        b.text - a.text ||
        (a.at < b.at ? 1 : a.at > b.at ? -1 : 0) ||
        // Posts published at the same moment: by id, so a list does not depend on the order they were found in.
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    return scored.slice(0, KEPT).map((entry) => entry.id);
  };
}

/** How many numbers two sorted arrays of distinct numbers share. */
function sharedCount(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return n;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Read next: computed when posts change, never per request. A write marks the posts it changed
 * (`markStale`, in its transaction); `refresh` — after each commit in the writing process, and as a periodic
 * job on any process, so a mark left by a process killed mid-way is taken up — recomputes the lists of those
 * posts, of the posts listing them and of the posts sharing a tag with them, then clears the marks.
 */
const noop = () => undefined;

export function createRelated(deps: { db: Db; siteMeta: SiteMeta }) {
  const { db, siteMeta } = deps;
  let running: Promise<number> | null = null;
  let requested = false;
  /** Bulk writes under way in this process (an import): refreshes wait until the last one ends. */
  let held = 0;
  // An import's sweep of every list after its held work (holdRelated), waited for by settleRelated.
  let sweeping: Promise<void> | null = null;

  /** Writes the lists that differ from the stored ones, 200 per transaction; answers how many changed. */
  async function writeChanged(ids: readonly string[], rank: (id: string) => string[]): Promise<number> {
    const before = new Map<string, string[]>();
    for (const row of (await repo.listsOf(db, ids)).sort((a, b) => a.position - b.position)) {
      before.set(row.post_id, [...(before.get(row.post_id) ?? []), row.related_id]);
    }
    const changed = new Map<string, string[]>();
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const list = rank(id);
      if (!sameList(list, before.get(id) ?? [])) changed.set(id, list);
      // Ranking thousands of posts is long work: the process keeps answering (and an import keeps its lease).
      if (i % RANKS_BETWEEN_YIELDS === RANKS_BETWEEN_YIELDS - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    const changedIds = [...changed.keys()];
    for (let i = 0; i < changedIds.length; i += LISTS_PER_TRANSACTION) {
      const slice = new Map(changedIds.slice(i, i + LISTS_PER_TRANSACTION).map((id) => [id, changed.get(id)!]));
      await db.transaction().execute(async (trx) => {
        await repo.replaceLists(trx, slice);
        // Post pages show the lists: cached pages go on every process (docs/decisions/0011-shared-page-cache.md).
        await siteMeta.bumpContentVersion(trx);
      });
    }
    if (changedIds.length) await siteMeta.contentVersion.refresh();
    return changedIds.length;
  }

  /** Every published post's id and the ranker; the rows read for it are not kept while the lists are written. */
  async function rankingOfAll() {
    const corpus = await repo.publishedCorpus(db);
    return { ids: corpus.posts.map((post) => post.id), rank: rankerOf(corpus) };
  }

  /** One pass over the oldest marks; answers how many marks it handled. */
  async function pass(): Promise<number> {
    const marks = await repo.staleMarks(db, MARKS_PER_PASS);
    if (!marks.length) return 0;
    const causes = marks.map((mark) => mark.post_id);
    const [listers, neighbours, rank] = await Promise.all([
      repo.listersOf(db, causes),
      repo.tagNeighboursOf(db, causes),
      repo.publishedCorpus(db).then(rankerOf),
    ]);
    const affected = [...new Set([...causes, ...listers, ...neighbours])];
    await writeChanged(affected, rank);
    await db.transaction().execute((trx) => repo.clearMarks(trx, marks));
    return marks.length;
  }

  async function drain(): Promise<number> {
    let handled = 0;
    for (let n = await pass(); n > 0; n = await pass()) handled += n;
    return handled;
  }

  const related = {
    markStale: repo.markStale,

    /** Waits for a refresh under way in this process (before the database closes at shut-down). */
    settleRelated: (): Promise<void> => (running ? running.then(noop, noop) : Promise.resolve()),

    /**
     * Waits for an import's sweep under way in this process (the import benchmark times the export after
     * it). Not at shut-down: a sweep of thousands of lists may outlast the close's time limit, and a sweep
     * cut short leaves its marks for the periodic refresh.
     */
    settleSweep: async (): Promise<void> => {
      await sweeping;
    },

    /**
     * Recomputes every stale list; one run at a time in this process. A call during a run makes it go round
     * once more (its marks may have come after the run's last pass) and waits for it.
     */

    refreshRelated(): Promise<number> {
      requested = true;
      if (held > 0) return running ?? Promise.resolve(0);
      running ??= (async () => {
        let handled = 0;
        while (requested) {
          requested = false;
          handled += await drain();
        }
        return handled;
      })().finally(() => {
        running = null;
      });
      return running;
    },

    /**
     * Runs a bulk write (an import of thousands of posts) without a refresh after each of its writes: each
     * would read every published post again, so thousands of them cost far more than one at the end. The
     * marks are kept and handled once the work ends (or by the periodic job on any process, if this one dies).
     */
    async holdRelated<T>(work: () => Promise<T>): Promise<T> {
      held++;
      try {
        return await work();
      } finally {
        held--;
        // Thousands of marks would each bring their tag neighbours back into a pass: one sweep of every list,
        // reading the posts once, handles them all; marks made meanwhile are left for the next refresh.
        if (held === 0 && requested) {
          requested = false;
          const started = new Date().toISOString();
          sweeping = related
            .sweepRelated()
            .then(() => db.transaction().execute((trx) => repo.clearMarksBefore(trx, started)))
            .then(noop, noop)
            .finally(() => {
              sweeping = null;
            });
        }
      }
    },

    /**
     * The daily sweep: every published post's list computed again (lists that only a category or the words
     * link are not refreshed by a save), the changed ones written. Answers how many changed.
     */
    async sweepRelated(): Promise<number> {
      const { ids, rank } = await rankingOfAll();
      return writeChanged(ids, rank);
    },

    /**
     * A post's Read next as cards: three published posts, never a draft or one in the trash; null when
     * the post itself is not public.
     */
    async readNext(postId: string): Promise<PostCard[] | null> {
      if (!(await repo.isPublished(db, postId))) return null;
      return (await repo.readNextOf(db, postId, READ_NEXT)).map((row) => ({
        _id: row.id,
        title: row.title,
        excerpt: row.excerpt,
        featureImage: row.feature_image,
        url: pathOf(row.category_slug, row.slug),
        createdAt: row.created_at,
        publishedAt: row.published_at,
        readingMinutes: readingMinutes(row.word_count),
      }));
    },
  };
  return related;
}
