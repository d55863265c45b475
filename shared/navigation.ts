import { z } from '#shared/schemas/zod.ts';
import { NAV_MESSAGES } from '#shared/messages.ts';
import { NAV_ITEMS, SECTION_IDS, type SectionId } from '#shared/paths.ts';

/**
 * The site's navigation (docs/product.md#navigation, docs/decisions/0036-navigation.md): the header's menu
 * (at most 8 items, each with at most 8 children: one level of dropdown) and the footer's columns (at most
 * 4, each a heading and at most 8 links). Internal targets are kept by id, so a rename never breaks a link;
 * the server resolves them to their address and state when it renders (server/modules/navigation).
 */

export const MAX_HEADER_ITEMS = 8;
export const MAX_CHILDREN = 8;
export const MAX_FOOTER_COLUMNS = 4;
export const MAX_COLUMN_LINKS = 8;
export const MAX_LABEL = 60;
/** How many choices the admin's target picker lists for a search. */
export const PICKER_LIMIT = 20;

/**
 * Target kinds kept by id, each resolved by one resolver of the navigation module's registry
 * (server/modules/navigation/resolvers.ts). A new kind (the pages module's `page`) is one entry here and
 * one resolver there.
 */
export const ID_KINDS = ['page', 'post', 'category', 'tag', 'author'] as const;
export type IdKind = (typeof ID_KINDS)[number];
/** Every kind: a landing section (by its anchor), the blog's list, an id kind, an http(s) address. */
export const TARGET_KINDS = ['section', 'blog', ...ID_KINDS, 'external'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

const sectionIds = Object.values(SECTION_IDS) as [SectionId, ...SectionId[]];
const EXTERNAL = /^https?:\/\/[^\s/\\]+\.[^\s]+$/;
/** An http(s) address with a dotted host, that a browser reads as one (no quotes or angle brackets in it). */
const isExternal = (value: string) => {
  if (!EXTERNAL.test(value) || /["'<>\\]/.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The field that tells a target's kind (a name, not a text users see). */
const KIND_FIELD = 'kind';

export const navTargetSchema = z.discriminatedUnion(
  KIND_FIELD,
  [
    z.object({ kind: z.literal('section'), id: z.enum(sectionIds, { error: NAV_MESSAGES.unknownSection }) }),
    z.object({ kind: z.literal('blog') }),
    z.object({
      kind: z.enum(ID_KINDS),
      id: z.string().check(z.minLength(1, NAV_MESSAGES.targetRequired), z.maxLength(64, NAV_MESSAGES.targetRequired)),
    }),
    z.object({
      kind: z.literal('external'),
      url: z
        .string()
        .check(z.trim(), z.maxLength(1000, NAV_MESSAGES.badUrl), z.refine(isExternal, NAV_MESSAGES.badUrl)),
    }),
  ],
  { error: NAV_MESSAGES.unknownKind },
);
export type NavTarget = z.infer<typeof navTargetSchema>;

const label = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, NAV_MESSAGES.labelRequired),
    z.maxLength(MAX_LABEL, NAV_MESSAGES.labelTooLong(MAX_LABEL)),
  );

/** Strict: a child holding children of its own is refused (400), not silently cut (one level of dropdown). */
export const navLinkSchema = z.strictObject({ label, target: navTargetSchema });
export type NavLink = z.infer<typeof navLinkSchema>;

export const navItemSchema = z.object({
  label,
  target: navTargetSchema,
  children: z.array(navLinkSchema).check(z.maxLength(MAX_CHILDREN, NAV_MESSAGES.tooManyChildren(MAX_CHILDREN))),
});
export type NavItem = z.infer<typeof navItemSchema>;

export const footerColumnSchema = z.object({
  heading: label,
  links: z.array(navLinkSchema).check(z.maxLength(MAX_COLUMN_LINKS, NAV_MESSAGES.tooManyLinks(MAX_COLUMN_LINKS))),
});

export const navigationSchema = z.object({
  header: z.array(navItemSchema).check(z.maxLength(MAX_HEADER_ITEMS, NAV_MESSAGES.tooManyItems(MAX_HEADER_ITEMS))),
  footer: z
    .array(footerColumnSchema)
    .check(z.maxLength(MAX_FOOTER_COLUMNS, NAV_MESSAGES.tooManyColumns(MAX_FOOTER_COLUMNS))),
});
export type Navigation = z.infer<typeof navigationSchema>;

/** The spec's menu (shared/paths.ts NAV_ITEMS) as a navigation: the seven sections, then Blogs; no footer columns. */
export const DEFAULT_NAVIGATION: Navigation = {
  header: NAV_ITEMS.map((item) => ({
    label: item.label,
    target: item.section ? { kind: 'section' as const, id: item.section } : { kind: 'blog' as const },
    children: [],
  })),
  footer: [],
};

/** The key of an internal target in a resolution map (`post:<id>`, `section:team`, `blog`); null for an address. */
export function targetKey(target: NavTarget): string | null {
  if (target.kind === 'external') return null;
  return 'id' in target ? `${target.kind}:${target.id}` : target.kind;
}

/**
 * What a target is now. `shown`: it is linked. Otherwise the link is left out of the public menu and the
 * admin flags it: `trashed` (in the trash), `unpublished` (a draft, scheduled or pending post; an author
 * without published posts), `hidden` (a section the landing layout hides, an internal tag), `deleted`.
 */
export const TARGET_STATES = ['shown', 'trashed', 'unpublished', 'hidden', 'deleted'] as const;

export const resolvedTargetSchema = z.object({
  state: z.enum(TARGET_STATES),
  /** The target's title now (the admin's default label); empty when deleted. */
  title: z.string(),
  /** Its address now; empty unless shown. */
  path: z.string(),
});
export type ResolvedTarget = z.infer<typeof resolvedTargetSchema>;

/** A public link: an address (`section` set for a landing section, whose button scrolls). */
export interface PublicLink {
  label: string;
  href: string;
  section?: SectionId;
  external?: boolean;
}
/** A header item: `href` null when its own target is gone but children remain (a dropdown's label only). */
export interface PublicNavItem {
  label: string;
  href: string | null;
  section?: SectionId;
  external?: boolean;
  children: PublicLink[];
}
export interface PublicNavigation {
  header: PublicNavItem[];
  footer: Array<{ heading: string; links: PublicLink[] }>;
}
