import { categorySlug, UNCATEGORIZED } from '#shared/paths.ts';
import { ConflictError, InvalidInputError } from '#server/errors.ts';
import type { JobContext } from './job-context';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Categories and tags merged by name (docs/product.md#import): a name this site has already is that
 * category or tag; a new category is made here, a new tag when the first post that has it is written.
 * The ledger says which were new, so Undo removes exactly those.
 */
export async function importTerms(ctx: JobContext) {
  const { ledger, targets } = ctx;
  const categories = new Map<string, string>();
  const tags = new Map<string, string>();
  const knownTags = await targets.blog.listTags();
  for (const term of ctx.summary.terms) {
    const key = `${term.kind}:${term.key}`;
    const name = term.name.trim().slice(0, 100) || term.slug;
    const settled = ledger.settled(key);
    if (term.kind === 'tag') {
      const known = knownTags.find((tag) => sameName(tag.name, name));
      if (!settled) {
        await ledger.record(key, 'tag', name, {
          outcome: known ? 'existing' : 'created',
          targetId: known?.name ?? name,
        });
      }
      tags.set(term.key, settled?.target_id ?? known?.name ?? name);
      await ctx.step();
      continue;
    }
    if (settled) {
      if (settled.target_id) categories.set(term.key, settled.target_id);
      await ctx.step();
      continue;
    }
    if (categorySlug(name).toLowerCase() === UNCATEGORIZED) {
      // WordPress's default category is this site's "no category".
      await ledger.record(key, 'category', name, { outcome: 'existing', targetId: '' });
      await ctx.step();
      continue;
    }
    const existing = (await targets.blog.listCategories()).find((category) => sameName(category.name, name));
    // Begun by a run that was killed before it heard back: the category of that name is this import's.
    const ours = ledger.isPending(key);
    try {
      let made;
      if (existing) {
        made = await ledger.record(key, 'category', name, {
          outcome: ours ? 'created' : 'existing',
          targetId: existing._id,
        });
      } else {
        await ledger.markPending(key, 'category', name);
        const category = await targets.blog.saveCategory({ name });
        made = await ledger.record(key, 'category', name, { outcome: 'created', targetId: category._id });
      }
      categories.set(term.key, made.targetId);
    } catch (err) {
      if (!(err instanceof InvalidInputError || err instanceof ConflictError)) throw err;
      // A name this site cannot take (reserved, unusable as an address): its posts stay uncategorized.
      await ledger.record(key, 'category', name, { outcome: 'failed', targetId: '', detail: err.message });
    }
    await ctx.step();
  }
  return { categories, tags };
}
