import type { JobContext } from './job-context';

/**
 * Each author of the old site becomes who the administrator chose (docs/product.md#import): a person of
 * the staff, or a new byline-only author (suspended, no password). Without a choice: the person of the same
 * e-mail address when there is one, else a byline-only author.
 */
export async function importPeople(ctx: JobContext): Promise<Map<string, string>> {
  const { ledger, targets, options } = ctx;
  const mapped = new Map<string, string>();
  for (const author of ctx.summary.authors) {
    const choice = options.authors.find((c) => c.key === author.key);
    const key = `author:${author.key}`;
    const made = await ledger.track(key, 'person', author.name, {
      exists: (id) => targets.people.exists(id),
      make: async (id) => {
        if (choice?.to === 'person' && (await targets.people.exists(choice.userId))) {
          return { outcome: 'existing', targetId: choice.userId };
        }
        const sameEmail = author.email ? await targets.people.idOfEmail(author.email) : null;
        if (sameEmail && choice?.to !== 'byline') return { outcome: 'existing', targetId: sameEmail };
        if (sameEmail) return { outcome: 'existing', targetId: sameEmail };
        await targets.people.createBylineAuthor({
          id,
          // An address nobody receives mail at (RFC 2606) when the old site gave none.
          email: author.email ?? `${id}@byline.invalid`,
          name: author.name.slice(0, 100) || author.key,
          bio: author.bio.slice(0, 500),
          website: /^https?:\/\//i.test(author.website) ? author.website.slice(0, 500) : '',
        });
        return { outcome: 'created', targetId: id };
      },
    });
    if (made.targetId) mapped.set(author.key, made.targetId);
    await ctx.step();
  }
  return mapped;
}
