import { LANDING_SECTIONS, type LandingLayout } from '#shared/landing-layout.ts';
import { NAV_MESSAGES } from '#shared/messages.ts';
import { authorUrl } from '#shared/profile.ts';
import { sectionUrl, type SectionId } from '#shared/paths.ts';
import { ID_KINDS, type IdKind, type NavTarget, type ResolvedTarget } from '#shared/navigation.ts';

type Targets = Map<string, ResolvedTarget>;

/**
 * Where each kind of target is read from, given by server/services.ts so that this module imports none
 * of the modules it links to (the blog, the people, the landing layout).
 */
export interface TargetSources {
  pages: (ids: readonly string[]) => Promise<Targets>;
  posts: (ids: readonly string[]) => Promise<Targets>;
  categories: (ids: readonly string[]) => Promise<Targets>;
  tags: (ids: readonly string[]) => Promise<Targets>;
  /** Names and segments of people, and which of them have published posts (an author page exists). */
  people: (ids: readonly string[]) => Promise<Map<string, { name: string; segment: string }>>;
  publicAuthors: (ids: readonly string[]) => Promise<Set<string>>;
  layout: () => Promise<LandingLayout>;
  /** The picker's choices of each id kind whose title contains a search (ids, best first). */
  choices: Record<IdKind, (search: string) => Promise<string[]>>;
}

/** One resolver per id kind: the ids of a menu in, what each is now out (an id left out is deleted). */
type Resolver = (ids: readonly string[]) => Promise<Targets>;

/**
 * The registry of id kinds (shared/navigation.ts ID_KINDS). Adding a kind (the pages module's `page`) is
 * one entry here and one in ID_KINDS; every resolver answers a whole menu's ids in one read.
 */
export function createResolvers(sources: TargetSources): Record<IdKind, Resolver> {
  return {
    page: sources.pages,
    post: sources.posts,
    category: sources.categories,
    tag: sources.tags,
    async author(ids) {
      const [people, published] = await Promise.all([sources.people(ids), sources.publicAuthors(ids)]);
      return new Map(
        [...people].map(([id, person]) => {
          const shown = published.has(id);
          return [
            id,
            {
              state: shown ? 'shown' : 'unpublished',
              title: person.name,
              path: shown ? authorUrl(person.segment) : '',
            },
          ] as const;
        }),
      );
    },
  };
}

/**
 * Resolves every target of a menu: one read per kind present (and the landing layout when a section is
 * linked). Keys are targetKey()'s; an external address needs none.
 */
export async function resolveTargets(
  resolvers: Record<IdKind, Resolver>,
  sources: Pick<TargetSources, 'layout'>,
  targets: readonly NavTarget[],
): Promise<Map<string, ResolvedTarget>> {
  const resolved = new Map<string, ResolvedTarget>();
  const idsOf = new Map<IdKind, Set<string>>(ID_KINDS.map((kind) => [kind, new Set()]));
  let sections = false;
  for (const target of targets) {
    if (target.kind === 'section') sections = true;
    else if (target.kind === 'blog')
      resolved.set('blog', { state: 'shown', title: NAV_MESSAGES.blogTitle, path: '/blogs' });
    else if (target.kind !== 'external') idsOf.get(target.kind)!.add(target.id);
  }
  await Promise.all(
    ID_KINDS.map(async (kind) => {
      const ids = [...idsOf.get(kind)!];
      if (!ids.length) return;
      const found = await resolvers[kind](ids);
      for (const id of ids) {
        resolved.set(`${kind}:${id}`, found.get(id) ?? { state: 'deleted', title: '', path: '' });
      }
    }),
  );
  if (sections) {
    // A section the landing layout hides is not on the page: its link is left out like a deleted one.
    const hidden = new Set((await sources.layout()).filter((s) => s.hidden).map((s) => s.id));
    for (const { id, label } of LANDING_SECTIONS) {
      const state = hidden.has(id) ? 'hidden' : 'shown';
      resolved.set(`section:${id}`, {
        state,
        title: label,
        path: state === 'shown' ? sectionUrl(id as SectionId) : '',
      });
    }
  }
  return resolved;
}
