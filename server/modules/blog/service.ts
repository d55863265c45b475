import type { Db } from '#server/db/database.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import type { RevisionService } from '#server/modules/revisions/service.ts';
import type { ContentImages } from '#server/modules/uploads/content-images.ts';
import { createPostAuthors, type BlogPeople } from './authors';
import { createCategoriesService } from './categories-service';
import { createBlogExport } from './export';
import { createBlogImport } from './import';
import { createPostsService } from './posts-service';
import { createNavTargets } from './nav-targets';
import { createPreviewLinks } from './preview-links';
import { createPublicReads } from './public-reads';
import { createRelated } from './related';
import { createReview } from './review';
import { createSearch } from './search';
import { createSearchIndex } from './search-index';
import { createTagsService } from './tags-service';
import { createBlogWrites, type BlogHooks } from './writes';
import { createSearchLane } from './search-lane';

export type { BlogHooks } from './writes';
export type { BlogInputFields } from './post-input';
export type { Writer } from './post-access';

/**
 * The blog (docs/product.md#blog-posts): categories, posts and their trash, the public reads and preview
 * links, each a service of its own file; callers see them as one.
 */
export function createBlogService(deps: {
  db: Db;
  siteMeta: SiteMeta;
  revisions: RevisionService;
  images: ContentImages;
  hooks?: BlogHooks;
  /** Who may be a post's author (the auth module's people). */
  people?: BlogPeople;
  /** The activity log: publishing, taking back, scheduling, deleting, restoring and purging posts. */
  activity: ActivityRecorder;
}) {
  const { db, hooks = {} } = deps;
  const related = createRelated({ db, siteMeta: deps.siteMeta });
  // Read next is refreshed after every blog write in this process (and by a periodic job on any, for
  // marks a killed process left): a failure leaves the marks for the job.
  const afterCommit = () => {
    hooks.afterCommit?.();
    related.refreshRelated().catch(() => undefined);
  };
  const writes = createBlogWrites({ db, siteMeta: deps.siteMeta, hooks: { ...hooks, afterCommit } });
  const people = deps.people;
  // Kept in the transaction of every write that changes a post's text (docs/decisions/0023-search.md).
  const searchIndex = createSearchIndex({
    authorNames: people?.namesIn ? (trx, ids) => people.namesIn!(trx, ids) : undefined,
  });
  // An import's posts are indexed beside it (./search-lane.ts).
  const searchLane = createSearchLane({ db, writes, searchIndex });
  // A post's tags are in its search entry: every write that changes which tag names posts have reindexes them.
  const tags = createTagsService({
    db,
    writes,
    hooks: {
      ...hooks,
      onPostsRetagged: async (trx, postIds) => {
        await searchIndex.reindexPosts(trx, postIds);
        await hooks.onPostsRetagged?.(trx, postIds);
      },
    },
  });
  return {
    ...createCategoriesService({ db, writes, searchIndex }),
    ...createPostsService({ ...deps, hooks: { ...hooks, afterCommit }, writes, tags, searchIndex, searchLane }),
    holdSearch: searchLane.holdSearch,
    indexUnindexed: searchLane.indexUnindexed,
    ...tags,
    ...related,
    ...createSearch({ db, contentVersion: () => deps.siteMeta.contentVersion.current() }),
    /** For writes of other modules that change posts' text: authors' names. */
    reindexPosts: searchIndex.reindexPosts,
    reindexAuthor: searchIndex.reindexAuthor,
    ...createPublicReads({ db }),
    ...createPreviewLinks({ db }),
    ...createNavTargets({ db }),
    ...createReview({ db, revisions: deps.revisions, hooks }),
    ...createPostAuthors({ db, writes, people: deps.people, searchIndex }),
    ...createBlogExport({ db }),
    ...createBlogImport({ db, searchIndex, sweepRelated: () => related.sweepRelated() }),
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
