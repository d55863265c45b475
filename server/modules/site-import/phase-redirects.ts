import { blogCategoryUrl } from '#shared/paths.ts';
import { authorUrl } from '#shared/profile.ts';
import { tagUrl } from '#shared/tags.ts';
import { IMPORT_RULES_LINE } from '#shared/api/imports.ts';
import { IMPORT_MESSAGES } from '#shared/messages.ts';
import type { JobContext, Mapped } from './job-context';
import type { OldAddresses } from './phase-docs';
import { ownAddressCheck } from './own-addresses';
import type { SourceArchive } from './source';

/**
 * Old addresses handed to the redirects service at once: it reads the rules once per call and writes them
 * in short transactions, so a big site's 50,000 addresses cost a few reads of the rules, not one per batch.
 */
const BATCH = 20_000;

const FEED = '/rss.xml';
const BLOG = '/blogs';

/**
 * Every old address keeps working (docs/product.md#import): a 301 from each address a post or page had
 * on the old site (its permalink, `/?p=12`, the dated and plain forms) to where it is now, and from each
 * archive and feed to this site's. Made in the redirects manager, marked as this import's.
 */
export async function importRedirects(ctx: JobContext, mapped: Mapped, old: readonly OldAddresses[]) {
  const { ledger, targets } = ctx;
  const posts = await ledger.paths('post');
  const pages = await ledger.paths('page');
  const totals = { added: 0, existing: 0, refused: 0 };
  let batch: Array<{ from: string; to: string }> = [];

  async function flush() {
    if (!batch.length) return;
    const result = await targets.redirects.importRules(ctx.importId, batch);
    totals.added += result.added.length;
    totals.existing += result.existing.length;
    totals.refused += result.refused.length;
    batch = [];
  }
  const isOwnAddress = ownAddressCheck((segment) => targets.pages.pageIdAt(segment));
  const add = async (from: string, to: string | undefined) => {
    if (!to || !from.startsWith('/') || from.startsWith('//')) return;
    if (await isOwnAddress(from, to)) {
      totals.refused++;
      return;
    }
    batch.push({ from, to });
    if (batch.length >= BATCH) await flush();
  };

  for (const item of old) {
    const to = (item.kind === 'post' ? posts : pages).get(item.key);
    for (const from of item.paths) await add(from, to);
    await ctx.step();
  }
  const archiveTargets = await archivesOf(ctx, mapped);
  for (const archive of ctx.summary.archives) await add(archive.path, archiveTargets(archive));
  await flush();
  await ledger.record(IMPORT_RULES_LINE, IMPORT_RULES_LINE, IMPORT_MESSAGES.rulesLabel, {
    outcome: 'created',
    targetId: ctx.importId,
    detail: JSON.stringify(totals),
  });
  return totals;
}

/** Where each kind of archive of the old site is here. */
async function archivesOf(ctx: JobContext, mapped: Mapped) {
  const { blog, people } = ctx.targets;
  const categorySlugs = new Map((await blog.listCategories()).map((c) => [c._id, c.slug]));
  const tagSlugs = new Map((await blog.listTags()).map((t) => [t.name.toLowerCase(), t.slug]));
  const authors = await people.authorPages([...new Set(mapped.authors.values())]);
  return (archive: SourceArchive): string | undefined => {
    const target = archive.target;
    if (target.kind === 'feed') return FEED;
    if (target.kind === 'blog') return BLOG;
    if (target.kind === 'category') {
      const slug = categorySlugs.get(mapped.categories.get(target.key) ?? '');
      return slug ? blogCategoryUrl(slug) : BLOG;
    }
    if (target.kind === 'tag') {
      const slug = tagSlugs.get((mapped.tags.get(target.key) ?? '').toLowerCase());
      return slug ? tagUrl(slug) : BLOG;
    }
    if (target.kind !== 'author') return BLOG;
    const segment = authors.get(mapped.authors.get(target.key) ?? '')?.segment;
    return segment ? authorUrl(segment) : BLOG;
  };
}
