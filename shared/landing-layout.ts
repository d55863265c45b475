import { z } from '#shared/schemas/zod.ts';
import { LAYOUT_MESSAGES } from '#shared/messages.ts';
import { NAV_ITEMS, SECTION_IDS, type SectionId } from '#shared/paths.ts';

/**
 * The landing page's layout (docs/product.md#landing-layout): the seven sections in the order they show,
 * each shown or hidden. A hidden section is not rendered and leaves the header's menu; the menu follows
 * the order, with Blogs last. Nothing stored is the spec's page: SECTION_IDS in their order, all shown.
 */
export const LANDING_SECTIONS: ReadonlyArray<{ id: SectionId; label: string }> = NAV_ITEMS.filter(
  (item) => item.section,
).map((item) => ({ id: item.section!, label: item.label }));

const ids = Object.values(SECTION_IDS) as [SectionId, ...SectionId[]];

export const landingLayoutSchema = z
  .array(z.object({ id: z.enum(ids, { error: LAYOUT_MESSAGES.unknownSection }), hidden: z.boolean() }))
  .check(
    z.refine(
      (list) => list.length === ids.length && new Set(list.map((s) => s.id)).size === ids.length,
      LAYOUT_MESSAGES.everySectionOnce,
    ),
    z.refine((list) => list.some((s) => !s.hidden), LAYOUT_MESSAGES.oneShown),
  );
export type LandingLayout = z.infer<typeof landingLayoutSchema>;

export const DEFAULT_LANDING_LAYOUT: LandingLayout = ids.map((id) => ({ id, hidden: false }));

/** The header's menu for a layout: the shown sections in their order, then the links (Blogs). */
export function navItemsFor(layout: LandingLayout): typeof NAV_ITEMS {
  const byId = new Map(NAV_ITEMS.filter((item) => item.section).map((item) => [item.section!, item]));
  return [...layout.filter((s) => !s.hidden).map((s) => byId.get(s.id)!), ...NAV_ITEMS.filter((item) => !item.section)];
}
