import { randomBytes } from 'node:crypto';
import type { Page, PageInput, PageStatus, StarterPage } from '#shared/api/pages.ts';
import { PAGE_MESSAGES, PUBLISHING_MESSAGES, REDIRECT_MESSAGES } from '#shared/messages.ts';
import { pagePath, pagePreviewUrl } from '#shared/paths.ts';
import type { PageBlock } from '#shared/page-blocks.ts';
import type { ExportedPage } from '#shared/site-export.ts';
import { PICKER_LIMIT, type ResolvedTarget } from '#shared/navigation.ts';
import { STARTERS } from '#shared/starter-pages.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import { blocksText, cleanBlocks } from '#server/lib/page-blocks.ts';
import { rewriteAddresses } from '#server/lib/rewrite-addresses.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import { SYSTEM, type Actor, type RevisionAction, type RevisionService } from '#server/modules/revisions/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { blocksOf, checkedInput, isPublic, revisionDataOf, toPage, toSummary, type CheckedPage } from './input';
import * as repo from './repository';
import { starterHtml, type PolicyTexts } from './starters';

/** A page in the trash holds this key instead of its segment: it frees the address (no segment has `~`). */
const trashKey = (id: string) => `~${id}`;
/** Reads of a page an image replacement makes again when an editor saved it meanwhile. */
const REPLACE_ATTEMPTS = 3;

// Lower-cased here, by JavaScript: SQLite's lower() folds only ASCII, so the search compares it with
// words lower-cased the same way, alike on both databases.
const searchTextOf = (title: string, metaDescription: string, blocks: PageBlock[]) =>
  `${title} ${metaDescription} ${blocksText(blocks)}`.toLowerCase();

/**
 * Pages at /{segment} built from blocks (docs/product.md#pages, docs/decisions/0034-pages.md): their
 * saves with edit conflicts, publishing and schedules, trash, preview links, history, the old addresses of
 * renamed pages, and the public reads (the page route, the sitemap, the search, menus). Every write bumps
 * the content version in its transaction, so every process's page cache drops its pages at once.
 */
export function createPagesService(deps: {
  db: Db;
  siteMeta: SiteMeta;
  revisions: RevisionService;
  activity: ActivityRecorder;
  /** Whether a redirect rule takes this path (server/modules/redirects): such an address cannot be a page's. */
  isRedirected: (path: string) => Promise<boolean>;
  /** The footer's policy texts, for the Privacy and Terms starter pages. */
  policyTexts: () => Promise<PolicyTexts>;
  siteName: () => string;
}) {
  const { db, siteMeta, revisions, activity } = deps;

  async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await db.transaction().execute(async (trx) => {
        const value = await work(trx);
        await siteMeta.bumpContentVersion(trx);
        return value;
      });
    } catch (err) {
      // Two saves taking one free address at once: the unique index refuses the second.
      if (isUniqueViolation(err, 'pages')) throw new ConflictError(PAGE_MESSAGES.segmentTakenMeanwhile, 'segment');
      throw err;
    }
    await siteMeta.contentVersion.refresh();
    return result;
  }

  async function requirePage(trx: Db, id: string) {
    const row = await repo.findPage(trx, id);
    if (!row) throw new NotFoundError(PAGE_MESSAGES.notFound);
    return row;
  }

  /** Refuses a segment another page holds (read in the saving transaction; the unique index backs it). */
  async function assertFree(trx: Db, segment: string, id: string | null) {
    const holder = await repo.segmentHolder(trx, segment);
    if (holder && holder.id !== id) throw new ConflictError(PAGE_MESSAGES.segmentTaken(segment), 'segment');
  }

  /**
   * Refuses a segment a redirect rule takes: the rule is answered before routing, so the page would never
   * show. Asked before the saving transaction: the redirects module reads through its own handle, which on
   * SQLite (one connection) would wait for this transaction for ever.
   */
  async function assertNotRedirected(segment: string) {
    if (await deps.isRedirected(pagePath(segment))) {
      throw new ConflictError(REDIRECT_MESSAGES.collides(pagePath(segment)), 'segment');
    }
  }

  const target = (page: { id: string; title: string }) => ({ type: 'page' as const, id: page.id, label: page.title });

  const record = (trx: Db, page: Page, actor: Actor, action: RevisionAction = 'save') =>
    revisions.record(trx, { type: 'page', id: page._id, data: revisionDataOf(page) }, actor, action);

  const fields = (input: CheckedPage) => ({
    title: input.title,
    segment: input.segment,
    segment_key: input.segment,
    blocks: JSON.stringify(input.blocks),
    search_text: searchTextOf(input.title, input.metaDescription, input.blocks),
    meta_title: input.metaTitle,
    meta_description: input.metaDescription,
    social_image: input.socialImage,
  });

  async function insert(trx: Db, input: CheckedPage, actor: Actor): Promise<Page> {
    await assertFree(trx, input.segment, null);
    // The address was a renamed page's old one: it is this page's now.
    await repo.removeRedirect(trx, pagePath(input.segment));
    const id = newId();
    const at = now();
    await repo.insertPage(trx, { id, ...fields(input), status: 'draft', created_at: at, updated_at: at });
    const page = toPage((await repo.findPage(trx, id))!);
    await record(trx, page, actor);
    await activity.record(trx, { action: 'page.created', actor, target: target({ id, title: page.title }) });
    return page;
  }

  async function update(id: string, raw: PageInput, actor: Actor, action: 'save' | 'restore', base?: number) {
    const input = checkedInput(raw);
    const current = await repo.findPage(db, id);
    if (current && current.segment_key !== input.segment) await assertNotRedirected(input.segment);
    return write(async (trx) => {
      const before = await requirePage(trx, id);
      if (before.deleted_at) throw new NotFoundError(PAGE_MESSAGES.notFound);
      if (!(await repo.claimVersion(trx, id, base))) throw new ConflictError(PAGE_MESSAGES.conflict);
      if (input.segment !== before.segment_key) {
        await assertFree(trx, input.segment, id);
        await repo.removeRedirect(trx, pagePath(input.segment));
        // A public page's old address keeps working: 301 to the new one (docs/product.md#pages).
        if (before.published_at !== null) await repo.addRedirect(trx, pagePath(before.segment), id);
      }
      await repo.updatePage(trx, id, fields(input));
      const page = toPage((await repo.findPage(trx, id))!);
      const changed = await record(trx, page, actor, action);
      if (changed !== null) {
        await activity.record(trx, { action: 'page.changed', actor, target: target({ id, title: page.title }) });
      }
      return page;
    });
  }

  return {
    list: async (trash: boolean) => (await repo.listPages(db, trash)).map(toSummary),

    countPages: () => repo.countPages(db),

    /**
     * Pages of a restored site export (docs/decisions/0039-export.md), with their ids, addresses and dates;
     * blocks are cleaned as on every save, and the search text made from them.
     */
    async importPages(trx: Db, pages: readonly ExportedPage[]): Promise<void> {
      for (const page of pages) {
        const blocks = cleanBlocks(page.blocks as PageBlock[]);
        await repo.insertPage(trx, {
          id: page.id,
          title: page.title,
          segment: page.segment,
          segment_key: page.segment.toLowerCase(),
          blocks: JSON.stringify(blocks),
          search_text: blocksText(blocks),
          status: page.status,
          publish_at: page.publishAt,
          published_at: page.publishedAt,
          preview_token: null,
          meta_title: page.metaTitle,
          meta_description: page.metaDescription,
          social_image: page.socialImage,
          deleted_at: null,
          deleted_by: null,
          created_at: page.createdAt,
          updated_at: page.updatedAt,
        });
      }
    },

    /** Every page outside the trash with its blocks, a batch at a time (docs/product.md#export). */
    async *exportPages(batch = 100): AsyncGenerator<ExportedPage[]> {
      let after = '';
      for (;;) {
        const rows = await repo.pagesAfter(db, after, batch);
        if (!rows.length) return;
        yield rows.map((row) => ({
          id: row.id,
          title: row.title,
          segment: row.segment,
          blocks: blocksOf(row),
          status: row.status,
          publishAt: row.publish_at,
          publishedAt: row.published_at,
          metaTitle: row.meta_title,
          metaDescription: row.meta_description,
          socialImage: row.social_image,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        }));
        if (rows.length < batch) return;
        after = rows.at(-1)!.id;
      }
    },

    async get(id: string): Promise<Page> {
      const row = await requirePage(db, id);
      return toPage(row);
    },

    async create(raw: PageInput, actor: Actor = SYSTEM) {
      const input = checkedInput(raw);
      await assertNotRedirected(input.segment);
      return write((trx) => insert(trx, input, actor));
    },

    /**
     * A page brought in by an import (docs/product.md#import): the id its ledger chose (found again after
     * a kill), published or a draft as on the old site, with its dates. The address must be free: the
     * import decides clashes before.
     */
    async importPage(
      imported: { id: string; input: PageInput; published: boolean; publishedAt: string | null; createdAt: string },
      actor: Actor = SYSTEM,
    ) {
      const input = checkedInput(imported.input);
      await assertNotRedirected(input.segment);
      return write(async (trx) => {
        await assertFree(trx, input.segment, null);
        await repo.removeRedirect(trx, pagePath(input.segment));
        const { id, createdAt } = imported;
        const status = imported.published ? 'published' : 'draft';
        const publishedAt = imported.published ? (imported.publishedAt ?? createdAt) : null;
        await repo.insertPage(trx, {
          id,
          ...fields(input),
          status,
          published_at: publishedAt,
          created_at: createdAt,
          updated_at: createdAt,
        });
        const page = toPage((await repo.findPage(trx, id))!);
        await record(trx, page, actor);
        return page;
      });
    },

    /** Whether a page of this id exists, in the trash or not. */
    pageExists: async (id: string) => (await repo.findPage(db, id)) !== undefined,

    /** The page outside the trash at an address, if any (an import's clash check). */
    pageIdAt: async (segment: string) => (await repo.findBySegment(db, segment.toLowerCase()))?.id ?? null,

    /** Removes pages for good (Undo of an import). */
    removePages: (ids: readonly string[]) => write((trx) => repo.deletePages(trx, ids)),

    /**
     * Points these pages' references to the image address `from` at `to` (an image an import could not
     * bring, uploaded by hand: docs/product.md#import): `src`/`href`/`poster` in their text blocks, and the
     * social image; in the trash too. Each page that holds it is saved as an edit is: its blocks cleaned,
     * its search text, a revision and the activity log's line; its address and publishing state stay. The
     * save names the version it read, so an editor's save meanwhile is never overwritten (the page is read
     * again), and an editor still open on the old text is told (docs/product.md#edit-conflicts). The pages
     * of `socialFor` whose social image is empty get `to` (an import leaves it empty when it could not
     * bring the old page's featured image). Answers the ids of the pages changed.
     */
    async replaceImage(
      ids: readonly string[],
      from: string,
      to: string,
      actor: Actor = SYSTEM,
      socialFor: readonly string[] = [],
    ): Promise<string[]> {
      const moved = new Map([[from, to]]);
      const changed: string[] = [];
      for (const id of ids) {
        for (let attempt = 1; ; attempt++) {
          const outcome = await write(async (trx) => {
            const row = await repo.findPage(trx, id);
            if (!row) return 'none';
            let rewritten = false;
            const blocks = blocksOf(row).map((block) => {
              if (!('html' in block)) return block;
              const html = rewriteAddresses(block.html, moved);
              rewritten ||= html !== block.html;
              return { ...block, html };
            });
            const socialImage =
              row.social_image === from || (!row.social_image && socialFor.includes(id)) ? to : row.social_image;
            if (!rewritten && socialImage === row.social_image) return 'none';
            if (!(await repo.claimVersion(trx, id, Number(row.version)))) return 'moved';
            const cleaned = cleanBlocks(blocks);
            await repo.updatePage(trx, id, {
              blocks: JSON.stringify(cleaned),
              search_text: searchTextOf(row.title, row.meta_description, cleaned),
              social_image: socialImage,
            });
            const page = toPage((await repo.findPage(trx, id))!);
            if ((await record(trx, page, actor)) !== null) {
              await activity.record(trx, { action: 'page.changed', actor, target: target(row) });
            }
            return 'changed';
          });
          if (outcome === 'changed') changed.push(id);
          if (outcome !== 'moved') break;
          if (attempt === REPLACE_ATTEMPTS) throw new ConflictError(PAGE_MESSAGES.conflict);
        }
      }
      return changed;
    },

    /** Saves an edit; `baseVersion` older than the stored one is a 409 (docs/product.md#edit-conflicts). */
    update: (id: string, raw: PageInput, actor: Actor = SYSTEM, baseVersion?: number) =>
      update(id, raw, actor, 'save', baseVersion),

    /** A revision brought back (server/orchestration/restore-revision.ts): its fields, the page's state kept. */
    restoreRevision: (id: string, data: Record<string, unknown>, actor: Actor) =>
      update(id, data as PageInput, actor, 'restore'),

    /** Publishes, schedules or takes a page back to draft. */
    setStatus: (id: string, status: PageStatus, publishAt: string | null | undefined, actor: Actor) =>
      write(async (trx) => {
        const before = await requirePage(trx, id);
        if (before.deleted_at) throw new NotFoundError(PAGE_MESSAGES.notFound);
        const at = now();
        let publish_at: string | null = null;
        if (status === 'scheduled') {
          if (!publishAt) throw new InvalidInputError(PAGE_MESSAGES.publishAtRequired, 'publishAt');
          const when = new Date(publishAt);
          if (when.getTime() <= Date.now()) throw new InvalidInputError(PUBLISHING_MESSAGES.publishAtPast, 'publishAt');
          publish_at = when.toISOString();
        }
        await repo.claimVersion(trx, id, undefined);
        await repo.updatePage(trx, id, {
          status,
          publish_at,
          published_at: status === 'published' ? (before.published_at ?? at) : before.published_at,
        });
        const entry = { actor, target: target(before) };
        if (status === 'published' && before.status !== 'published') {
          await activity.record(trx, { ...entry, action: 'page.published' });
        }
        if (status === 'scheduled' && (before.status !== 'scheduled' || before.publish_at !== publish_at)) {
          await activity.record(trx, { ...entry, action: 'page.scheduled', detail: { publishAt: publish_at ?? '' } });
        }
        if (before.status === 'published' && status !== 'published') {
          await activity.record(trx, { ...entry, action: 'page.unpublished', detail: { status } });
        }
        return toPage((await repo.findPage(trx, id))!);
      }),

    /** Moves a page to the trash: off the site at once, its address free for another page. */
    remove: (id: string, actor: Actor) =>
      write(async (trx) => {
        const row = await requirePage(trx, id);
        if (row.deleted_at) throw new NotFoundError(PAGE_MESSAGES.notFound);
        await repo.updatePage(trx, id, { deleted_at: now(), deleted_by: actor.name, segment_key: trashKey(id) });
        await activity.record(trx, { action: 'page.deleted', actor, target: target(row) });
        return { _id: id };
      }),

    /** Brings a page back from the trash as a draft, at its address unless another page took it meanwhile. */
    async restore(id: string, actor: Actor) {
      const current = await repo.findPage(db, id);
      if (current?.deleted_at) await assertNotRedirected(current.segment);
      return write(async (trx) => {
        const row = await requirePage(trx, id);
        if (!row.deleted_at) return toPage(row);
        await assertFree(trx, row.segment, id);
        await repo.updatePage(trx, id, {
          deleted_at: null,
          deleted_by: null,
          segment_key: row.segment,
          status: 'draft',
          publish_at: null,
        });
        await activity.record(trx, { action: 'page.restored', actor, target: target(row) });
        return toPage((await repo.findPage(trx, id))!);
      });
    },

    /** A starter page (Imprint, Careers, Privacy policy, Terms) as a draft; a taken address is a clear 409. */
    async createStarter(kind: StarterPage, actor: Actor) {
      const starter = STARTERS[kind];
      const html = starterHtml(kind, await deps.policyTexts(), deps.siteName());
      const input = checkedInput({
        title: starter.title,
        segment: starter.segment,
        blocks: [{ type: 'richText', id: `${kind}-text`, html }],
      });
      try {
        await assertNotRedirected(input.segment);
        const page = await write((trx) => insert(trx, input, actor));
        return { page, message: PAGE_MESSAGES.starterCreated(starter.title, starter.segment) };
      } catch (err) {
        if (err instanceof ConflictError) {
          throw new ConflictError(PAGE_MESSAGES.starterTaken(starter.title, starter.segment), 'segment');
        }
        throw err;
      }
    },

    /** The page's shareable preview link (made on first use). */
    async previewLink(id: string): Promise<string> {
      // A page in the trash has no preview (its link would answer 404).
      const row = await repo.findPage(db, id);
      if (!row || row.deleted_at !== null) throw new NotFoundError(PAGE_MESSAGES.notFound);
      const token = await repo.ensurePreviewToken(db, id, randomBytes(24).toString('base64url'));
      if (!token) throw new NotFoundError(PAGE_MESSAGES.notFound);
      return pagePreviewUrl(token);
    },

    /** The job of scheduled pages (server/services.ts `publish-due`): publishes those due. */
    async publishDue(): Promise<number> {
      const due = await db.transaction().execute(async (trx) => {
        const pages = await repo.publishDue(trx, now());
        for (const page of pages) {
          await activity.record(trx, { action: 'page.published', actor: SYSTEM, target: target(page) });
        }
        // Bumped only when something was published: the job runs every 15 s (see the posts' publishDue).
        if (pages.length) await siteMeta.bumpContentVersion(trx);
        return pages.length;
      });
      if (due) await siteMeta.contentVersion.refresh();
      return due;
    },

    /**
     * The public page at `/{segment}`: the page when it is public, `{ movedTo }` for a renamed page's old
     * address, or null (the not-found page answers).
     */
    async publicPage(segment: string): Promise<Page | { movedTo: string } | null> {
      if (!segment || segment.length > 200) return null;
      const key = segment.toLowerCase();
      const row = await repo.findBySegment(db, key);
      if (row && isPublic(row)) return row.segment === segment ? toPage(row) : { movedTo: pagePath(row.segment) };
      if (row) return null;
      // Old addresses are kept lower-cased, as segments are (any case finds them).
      const moved = await repo.findRedirect(db, pagePath(key), now());
      return moved ? { movedTo: pagePath(moved.segment) } : null;
    },

    /** The page behind a preview link, whatever its status; null when the link is not (or no longer) valid. */
    async previewPage(token: string): Promise<Page | null> {
      if (!/^[\w-]{20,64}$/.test(token)) return null;
      const row = await repo.findByPreviewToken(db, token);
      return row ? toPage(row) : null;
    },

    /** Published pages' addresses and last changes, for the sitemap. */
    sitemapEntries: async () =>
      (await repo.listPublic(db)).map((row) => ({ path: pagePath(row.segment), updatedAt: row.updated_at })),

    /** Published pages matching every word of `q` (the site search's pages), with a short text to show. */
    async search(q: string, limit = 10) {
      const words = (
        q
          .normalize('NFKC')
          .toLowerCase()
          .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
      ).slice(0, 12);
      if (!words.length) return [];
      const rows = await repo.searchPublic(db, words, limit);
      return rows.map((row) => ({
        _id: row.id,
        title: row.title,
        path: pagePath(row.segment),
        text: row.meta_description || blocksText(JSON.parse(row.blocks) as PageBlock[]).slice(0, 200),
        updatedAt: row.updated_at,
      }));
    },

    /**
     * What a menu needs of the pages it links to by id (the header and footer menus): title, path and
     * whether it is public now; ids of no page (or of one in the trash) are left out.
     */
    /**
     * What a menu reads of the pages it links to by id (server/modules/navigation): each page's title, and
     * its address while it is public; a page in the trash or not public is flagged, an unknown id left out.
     */
    async linkTargets(ids: readonly string[]): Promise<Map<string, ResolvedTarget>> {
      const rows = await repo.pagesByIds(db, ids);
      const at = now();
      return new Map(
        rows.map((row) => {
          const state = row.deleted_at !== null ? 'trashed' : isPublic(row, at) ? 'shown' : 'unpublished';
          return [row.id, { state, title: row.title, path: state === 'shown' ? pagePath(row.segment) : '' }] as const;
        }),
      );
    },

    /** The navigation picker's pages whose title holds `search`, newest first. */
    pageChoices: (search: string) => repo.findPageIdsByTitle(db, search, PICKER_LIMIT),

    /** Renamed pages' old addresses, listed read-only beside the redirect rules. */
    async automaticRedirects(search: string | undefined, limit: number) {
      const [rows, total] = await Promise.all([repo.listMoved(db, search, limit), repo.countMoved(db, search)]);
      return {
        rows: rows.map((row) => ({ from: row.path, to: pagePath(row.segment), createdAt: row.created_at })),
        total,
      };
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
