import { IMPORT_MESSAGES } from '#shared/messages.ts';
import { titleSlug } from '#shared/paths.ts';
import type { BlogInputFields } from '#server/modules/blog/post-input.ts';
import { DomainError } from '#server/errors.ts';
import { cut, excerptOf, pageSegmentOf, postSlugOf, rewriteAddresses, splitHtml } from './content';
import type { JobContext, Mapped } from './job-context';
import type { Made } from './ledger';
import type { SourceDoc } from './source';

/** Under a rich-text block's 100,000 characters (shared/page-blocks.ts), with room for the sanitiser's quotes. */
const BLOCK_HTML = 90_000;
const MAX_PAGE_BLOCKS = 40;

const problemsOf = (doc: SourceDoc, extra: string[]) => [...doc.problems, ...extra].join(' · ');

/** The post's fields as a save in the editor would send them, and what had to change on the way. */
function postFields(doc: SourceDoc, mapped: Mapped) {
  const notes: string[] = [];
  const title = cut(doc.title.trim() || IMPORT_MESSAGES.untitled, 300);
  if (title.length < doc.title.trim().length) notes.push(IMPORT_MESSAGES.titleCut);
  const html = rewriteAddresses(doc.html, mapped.images);
  const excerpt = cut(doc.excerpt ? excerptOf(doc.excerpt, 1000) : excerptOf(html), 1000);
  const feature = doc.featureImage ? (mapped.images.get(doc.featureImage) ?? '') : '';
  if (doc.featureImage && !feature) notes.push(IMPORT_MESSAGES.featureImageMissing(doc.featureImage));
  const category = doc.categoryKeys.map((key) => mapped.categories.get(key)).find(Boolean) ?? null;
  const tags = [...new Set(doc.tagKeys.map((key) => mapped.tags.get(key)).filter((name): name is string => !!name))];
  const future = doc.publishedAt !== null && Date.parse(doc.publishedAt) > Date.now();
  const status =
    doc.status === 'published' || (doc.status === 'scheduled' && !future)
      ? 'published'
      : doc.status === 'scheduled'
        ? 'scheduled'
        : 'draft';
  if (doc.status === 'private') notes.push(IMPORT_MESSAGES.privateAsDraft);
  const fields: BlogInputFields = {
    title,
    excerpt,
    content: html.trim() ? html : `<p>${IMPORT_MESSAGES.emptyContent}</p>`,
    blogCategory: category ?? '',
    featureImage: feature,
    customSlug: postSlugOf(doc.slug),
    metaTitle: cut(doc.metaTitle, 200),
    metaDescription: cut(doc.metaDescription, 500),
    status,
    publishAt: status === 'scheduled' ? doc.publishedAt : null,
    tags,
  };
  return { fields, notes, categoryId: category };
}

/** The addresses one post or page had on the old site (none when it was not public there). */
export interface OldAddresses {
  /** `post:12` or `page:7`: its ledger key. */
  key: string;
  kind: 'post' | 'page';
  paths: string[];
}

/**
 * The posts and pages in the file's order, two at a time (docs/product.md#import). An address already
 * taken here is what the administrator chose: left as ours (`skip`), overwritten (`replace`), or the old
 * item imported beside it at the next free address (`keep`). An item this site refuses (a rule of the
 * editor) is listed as failed with the reason, and the others go on. Answers every item's old addresses,
 * for the redirects (./phase-redirects.ts), so the file is not read a second time; a resumed job walks
 * the whole file again here (settled items are skipped), so the list is whole after a kill too.
 */
export async function importDocs(ctx: JobContext, mapped: Mapped): Promise<OldAddresses[]> {
  const old: OldAddresses[] = [];
  const running = new Map<Promise<void>, string>();
  let failure: { err: unknown } | null = null;
  try {
    for await (const doc of ctx.source.docs()) {
      const key = `${doc.kind}:${doc.key}`;
      // Only what was public there had addresses people and search engines know.
      old.push({ key, kind: doc.kind, paths: doc.status === 'published' ? doc.oldPaths : [] });
      const address = addressOf(doc);
      // Two of the file's items that may end at one address are made one after the other, so the second
      // finds the first (the administrator's choice for a taken address applies to it as to any).
      while (running.size >= IN_FLIGHT || [...running.values()].includes(address)) await Promise.race(running.keys());
      if (failure) break;
      const made: Promise<void> = importDoc(ctx, mapped, doc, key)
        .catch((err: unknown) => {
          failure ??= { err };
        })
        .finally(() => running.delete(made));
      running.set(made, address);
    }
  } finally {
    // Also when the file breaks off: the job ends only once no item is being written.
    await Promise.all(running.keys());
  }
  if (failure) throw (failure as { err: unknown }).err;
  return old;
}

/**
 * Items made at once: while one waits for the database, the next is converted and sanitised. Two are
 * enough on PostgreSQL, where each post waits on a dozen round trips (docs/decisions/0038-import.md); on
 * SQLite the writes take turns on its one connection, so nothing changes there.
 */
const IN_FLIGHT = 2;

/**
 * The address an item may end at, as the clash check sees it: its slug (else its title's), without a
 * number at its end, since `keep` puts an item whose address is taken at `<slug>-2`, `-3` …, which may be
 * another item's own address (WordPress numbers its slugs the same way).
 */
function addressOf(doc: SourceDoc): string {
  // A post without a slug gets its title's address, as the blog makes one (shared/paths.ts titleSlug).
  const wanted =
    doc.kind === 'post' ? postSlugOf(doc.slug) || titleSlug(doc.title) : pageSegmentOf(doc.slug || doc.title);
  return `${doc.kind}:${wanted.toLowerCase().replace(/-\d+$/, '')}`;
}

async function importDoc(ctx: JobContext, mapped: Mapped, doc: SourceDoc, key: string): Promise<void> {
  const label = doc.title.trim() || IMPORT_MESSAGES.untitled;
  try {
    await (doc.kind === 'post' ? importPost(ctx, mapped, doc, key, label) : importPage(ctx, mapped, doc, key, label));
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (!(err as { recorded?: boolean }).recorded) {
      await ctx.ledger.record(key, doc.kind, label, { outcome: 'failed', targetId: '', detail: err.message });
    }
  }
  await ctx.step();
}

async function importPost(ctx: JobContext, mapped: Mapped, doc: SourceDoc, key: string, label: string): Promise<Made> {
  const { blog } = ctx.targets;
  const { fields, notes, categoryId } = postFields(doc, mapped);
  const authorIds = [...new Set(doc.authorKeys.map((k) => mapped.authors.get(k)).filter((id): id is string => !!id))];
  if (!authorIds.length && ctx.actor.id) authorIds.push(ctx.actor.id);
  return ctx.ledger.track(key, 'post', label, {
    exists: (id) => blog.postExists(id),
    detailOf: async (id) => (await blog.getPost(id)).url,
    make: async (id) => {
      const slug = fields.customSlug ?? '';
      const taken = slug ? await blog.postIdAt(categoryId, slug) : null;
      if (taken && ctx.options.clash === 'skip') {
        return { outcome: 'skipped', targetId: taken, detail: (await blog.getPost(taken)).url };
      }
      if (taken && ctx.options.clash === 'replace') {
        // Never e-mailed, whatever the post was before (an import is not news).
        const post = await blog.updatePost(taken, { ...fields, sendNewsletter: false }, ctx.actor);
        const problems = problemsOf(doc, notes);
        return { outcome: 'replaced', targetId: taken, detail: problems ? `${post.url}\n${problems}` : post.url };
      }
      if (taken) {
        let n = 2;
        while (await blog.postIdAt(categoryId, `${slug}-${n}`)) n++;
        fields.customSlug = `${slug}-${n}`;
        notes.push(IMPORT_MESSAGES.keptBoth(fields.customSlug));
      }
      const post = await blog.importPost(
        { id, fields, publishedAt: doc.publishedAt, createdAt: doc.createdAt, authorIds },
        ctx.actor,
      );
      const problems = problemsOf(doc, notes);
      return { outcome: 'created', targetId: id, detail: problems ? `${post.url}\n${problems}` : post.url };
    },
  });
}

async function importPage(ctx: JobContext, mapped: Mapped, doc: SourceDoc, key: string, label: string): Promise<Made> {
  const { pages } = ctx.targets;
  const html = rewriteAddresses(doc.html, mapped.images);
  const parts = html.trim() ? splitHtml(html, BLOCK_HTML).slice(0, MAX_PAGE_BLOCKS) : [];
  const input = {
    title: cut(doc.title.trim() || IMPORT_MESSAGES.untitled, 200),
    segment: pageSegmentOf(doc.slug || doc.title),
    blocks: parts.map((part, i) => ({ type: 'richText' as const, id: `imported-${i + 1}`, html: part })),
    metaTitle: cut(doc.metaTitle, 200),
    metaDescription: cut(doc.metaDescription, 500),
    socialImage: doc.featureImage ? (mapped.images.get(doc.featureImage) ?? '') : '',
  };
  const notes = doc.featureImage && !input.socialImage ? [IMPORT_MESSAGES.featureImageMissing(doc.featureImage)] : [];
  return ctx.ledger.track(key, 'page', label, {
    exists: (id) => pages.pageExists(id),
    detailOf: async (id) => `/${(await pages.get(id)).segment}`,
    make: async (id) => {
      const taken = await pages.pageIdAt(input.segment);
      if (taken && ctx.options.clash === 'skip')
        return { outcome: 'skipped', targetId: taken, detail: `/${input.segment}` };
      if (taken && ctx.options.clash === 'replace') {
        await pages.update(taken, input, ctx.actor);
        const problems = problemsOf(doc, notes);
        return {
          outcome: 'replaced',
          targetId: taken,
          detail: problems ? `/${input.segment}\n${problems}` : `/${input.segment}`,
        };
      }
      if (taken) {
        let n = 2;
        while (await pages.pageIdAt(`${input.segment}-${n}`)) n++;
        input.segment = `${input.segment}-${n}`;
      }
      const published = doc.status === 'published';
      const page = await pages.importPage(
        { id, input, published, publishedAt: doc.publishedAt, createdAt: doc.createdAt },
        ctx.actor,
      );
      const problems = problemsOf(doc, notes);
      return {
        outcome: 'created',
        targetId: id,
        detail: problems ? `/${page.segment}\n${problems}` : `/${page.segment}`,
      };
    },
  });
}
