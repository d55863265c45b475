import { z } from '#shared/schemas/zod.ts';
import { ID_KINDS, navigationSchema, resolvedTargetSchema, TARGET_STATES } from '#shared/navigation.ts';
import { endpoint } from './endpoint';

// Settings → Navigation (docs/product.md#navigation): the Owner, Administrators and Editors.

const navigationData = z.object({
  navigation: navigationSchema,
  /** False: nothing is saved, the site shows the spec's menu (and `navigation` is that menu). */
  custom: z.boolean(),
  /** What each internal target is now, by targetKey() (`post:<id>`, `section:team`, `blog`). */
  targets: z.record(z.string(), resolvedTargetSchema),
});

/** What is saved (the spec's menu when nothing is), with each target's title, address and state now. */
export const getNavigation = endpoint({
  method: 'GET',
  path: '/admin/navigation',
  access: 'admin',
  allow: 'navigation',
  data: navigationData,
});

/**
 * Saves the header's menu and the footer's columns whole (`navigation: null`: back to the spec's menu):
 * a revision, and every process's public pages show it at once.
 */
export const saveNavigation = endpoint({
  method: 'POST',
  path: '/admin/navigation',
  access: 'admin',
  allow: 'navigation',
  body: z.object({ navigation: z.nullable(navigationSchema) }),
  data: navigationData,
});

/** The picker: posts (the newest 20 matching), categories, tags or people whose title contains `search`. */
export const navigationTargets = endpoint({
  method: 'GET',
  path: '/admin/navigation/targets',
  access: 'admin',
  allow: 'navigation',
  query: z.object({
    kind: z.enum(ID_KINDS),
    search: z.optional(z.string().check(z.maxLength(200))),
  }),
  data: z.array(z.object({ id: z.string(), title: z.string(), state: z.enum(TARGET_STATES) })),
});
