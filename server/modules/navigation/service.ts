import { NAV_MESSAGES } from '#shared/messages.ts';
import {
  DEFAULT_NAVIGATION,
  navigationSchema,
  targetKey,
  type IdKind,
  type Navigation,
  type NavLink,
  type NavTarget,
  type PublicLink,
  type PublicNavigation,
  type ResolvedTarget,
} from '#shared/navigation.ts';
import type { Db } from '#server/db/database.ts';
import { InvalidInputError } from '#server/errors.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { Actor, RevisionService } from '#server/modules/revisions/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { createResolvers, resolveTargets, type TargetSources } from './resolvers';

/** The saved navigation is one site setting (a JSON text kept by the site-meta module): none is the spec's menu. */
const SETTING = 'navigation';
/** Its history is kept as revisions of this one document (docs/product.md#revisions). */
export const NAVIGATION_DOC = { type: 'navigation', id: 'site' } as const;

const targetsOf = (navigation: Navigation): NavTarget[] => [
  ...navigation.header.flatMap((item) => [item.target, ...item.children.map((c) => c.target)]),
  ...navigation.footer.flatMap((column) => column.links.map((link) => link.target)),
];

/**
 * The header's menu and the footer's columns (docs/product.md#navigation, docs/decisions/0036-navigation.md).
 * Internal targets are kept by id and resolved when a page is rendered: once per content version and
 * process (every write that changes a post, category, tag, author or the landing layout bumps it, and so
 * does a save here), so a page view costs no query and a rename is followed at once on every process.
 */
export function createNavigationService(deps: {
  db: Db;
  siteMeta: SiteMeta;
  revisions: RevisionService;
  activity: ActivityRecorder;
  sources: TargetSources;
}) {
  const { db, siteMeta } = deps;
  const resolvers = createResolvers(deps.sources);
  let cached: { version: number; menu: PublicNavigation | null } | null = null;

  /** The stored navigation, or null when none is (or a stored one no longer parses: the spec's menu). */
  async function read(trx: Db = db): Promise<Navigation | null> {
    const text = await (trx === db ? siteMeta.readSetting(SETTING) : siteMeta.readSettingIn(trx, SETTING));
    if (text === undefined) return null;
    try {
      const parsed = navigationSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  const resolve = (navigation: Navigation) => resolveTargets(resolvers, deps.sources, targetsOf(navigation));

  /** A link as visitors get it, or null when its target is not shown. */
  function linkOf(link: NavLink, resolved: Map<string, ResolvedTarget>): PublicLink | null {
    const { target } = link;
    if (target.kind === 'external') return { label: link.label, href: target.url, external: true };
    const found = resolved.get(targetKey(target)!);
    if (found?.state !== 'shown') return null;
    return { label: link.label, href: found.path, ...(target.kind === 'section' ? { section: target.id } : {}) };
  }

  /**
   * The public menu: links whose target is not shown are left out. A header item whose own target is gone
   * but that still has shown children stays, as its dropdown's label without a link (the children are
   * what the editor put there; docs/decisions/0036-navigation.md). A column left with no link is dropped.
   */
  function toPublic(navigation: Navigation, resolved: Map<string, ResolvedTarget>): PublicNavigation {
    return {
      header: navigation.header.flatMap((item) => {
        const own = linkOf(item, resolved);
        const children = item.children.flatMap((child) => linkOf(child, resolved) ?? []);
        if (!own && !children.length) return [];
        return [own ? { ...own, children } : { label: item.label, href: null, children }];
      }),
      footer: navigation.footer.flatMap((column) => {
        const links = column.links.flatMap((link) => linkOf(link, resolved) ?? []);
        return links.length ? [{ heading: column.heading, links }] : [];
      }),
    };
  }

  return {
    /** What is saved (the spec's menu when nothing is), with what each target is now (the admin screen). */
    async get() {
      const stored = await read();
      const navigation = stored ?? DEFAULT_NAVIGATION;
      return { navigation, custom: stored !== null, targets: Object.fromEntries(await resolve(navigation)) };
    },

    /** The admin picker's choices of a kind, with what each is now (a hidden one is still listed, flagged). */
    async choices(kind: IdKind, search: string) {
      const ids = await deps.sources.choices[kind](search);
      const found = await resolvers[kind](ids);
      return ids.flatMap((id) => {
        const target = found.get(id);
        return target ? [{ id, title: target.title, state: target.state }] : [];
      });
    },

    /** The public menu at this content version, resolved once per version; null: nothing saved (the spec's). */
    async publicMenu(version?: number): Promise<PublicNavigation | null> {
      const at = version ?? (await siteMeta.contentVersion.current());
      if (cached && cached.version === at) return cached.menu;
      const stored = await read();
      const menu = stored ? toPublic(stored, await resolve(stored)) : null;
      // A newer version may have been cached meanwhile by another request: keep the newest.
      if (!cached || cached.version <= at) cached = { version: at, menu };
      return menu;
    },

    /**
     * Saves the navigation (null: back to the spec's menu, nothing stored): a revision, a line in the
     * activity log and a content-version bump in one transaction. A target that does not exist is refused,
     * unless the stored menu already links it (it was deleted since: flagged, and left out of the site).
     */
    async save(input: Navigation | null, actor: Actor, action: 'save' | 'restore' = 'save') {
      if (input) {
        const resolved = await resolve(input);
        const before = await read();
        const known = new Set(before ? targetsOf(before).map(targetKey) : []);
        const links = [
          ...input.header.flatMap((item) => [item, ...item.children]),
          ...input.footer.flatMap((column) => column.links),
        ];
        for (const link of links) {
          const key = targetKey(link.target);
          if (key && resolved.get(key)?.state === 'deleted' && !known.has(key)) {
            throw new InvalidInputError(NAV_MESSAGES.targetMissing(link.label), 'target');
          }
        }
      }
      await db.transaction().execute(async (trx) => {
        const before = await read(trx);
        const data = (nav: Navigation | null) => ({ custom: nav !== null, ...(nav ?? DEFAULT_NAVIGATION) });
        // The first save records what was shown before it, so that it too can be restored.
        await deps.revisions.recordBaseline(trx, { ...NAVIGATION_DOC, data: data(before) });
        if (input) await siteMeta.writeSetting(SETTING, JSON.stringify(input), trx);
        else await siteMeta.deleteSetting(SETTING, trx);
        const changed = await deps.revisions.record(trx, { ...NAVIGATION_DOC, data: data(input) }, actor, action);
        if (changed?.length) {
          await deps.activity.record(trx, {
            action: 'settings.changed',
            actor,
            target: { type: 'settings', id: null, label: NAV_MESSAGES.title },
            detail: { changed: changed.join(', '), ...(action === 'restore' ? { restored: true } : {}) },
          });
        }
        await siteMeta.bumpContentVersion(trx);
      });
      await siteMeta.contentVersion.refresh();
      return this.get();
    },
  };
}
export type NavigationService = ReturnType<typeof createNavigationService>;
