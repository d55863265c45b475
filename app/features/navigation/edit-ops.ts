import { MAX_CHILDREN, MAX_HEADER_ITEMS, type Navigation, type NavLink } from '#shared/navigation.ts';

/**
 * The navigation editor's changes (app/routes/admin/navigation.tsx), each a new value: the limits of
 * shared/navigation.ts hold after every one, so a change that would break one is not offered.
 */

/** Moves the entry at `from` to `to`, the others keeping their order. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

/** Whether the header item at `index` may go under the one above it (no dropdown of its own, room there). */
export const canNest = (nav: Navigation, index: number) =>
  index > 0 && nav.header[index]!.children.length === 0 && nav.header[index - 1]!.children.length < MAX_CHILDREN;

/** The header item at `index` becomes the last link of the item above it. */
export function nest(nav: Navigation, index: number): Navigation {
  if (!canNest(nav, index)) return nav;
  const { label, target } = nav.header[index]!;
  const header = nav.header.flatMap((item, i) => {
    if (i === index) return [];
    return i === index - 1 ? [{ ...item, children: [...item.children, { label, target }] }] : [item];
  });
  return { ...nav, header };
}

export const canUnnest = (nav: Navigation) => nav.header.length < MAX_HEADER_ITEMS;

/** The link `child` of the item at `parent` leaves its dropdown: a header item right after its parent. */
export function unnest(nav: Navigation, parent: number, child: number): Navigation {
  if (!canUnnest(nav)) return nav;
  const link = nav.header[parent]!.children[child]!;
  const header = nav.header.flatMap((item, i) =>
    i === parent
      ? [
          { ...item, children: item.children.filter((_, c) => c !== child) },
          { ...link, children: [] },
        ]
      : [item],
  );
  return { ...nav, header };
}

/** Replaces the links of the item at `parent` (a reorder, an edit, a removal). */
export const withChildren = (nav: Navigation, parent: number, children: NavLink[]): Navigation => ({
  ...nav,
  header: nav.header.map((item, i) => (i === parent ? { ...item, children } : item)),
});

/** Replaces the links of the footer column at `column`. */
export const withColumnLinks = (nav: Navigation, column: number, links: NavLink[]): Navigation => ({
  ...nav,
  footer: nav.footer.map((c, i) => (i === column ? { ...c, links } : c)),
});
