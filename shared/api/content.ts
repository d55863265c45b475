import { siteContentSchema, sectionSchemaOf } from '#shared/schemas/content.ts';
import { updateSchemaOf } from '#shared/schemas/content-updates.ts';
import { landingLayoutSchema } from '#shared/landing-layout.ts';
import { SECTIONS, updatePathOf, type SectionKey } from '#shared/sections.ts';
import { z } from '#shared/schemas/zod.ts';
import { endpoint, type Endpoint } from './endpoint';

/** The site content object, read by the public pages and every editor. */
export const getContent = endpoint({ method: 'GET', path: '/get-content', access: 'public', data: siteContentSchema });

/** `POST /api/<section>/update` of every section, derived from the registry: the saved section comes back. */
export const sectionUpdates = Object.fromEntries(
  SECTIONS.map((section) => [
    section.key,
    endpoint({
      method: 'POST',
      path: updatePathOf(section),
      access: 'admin',
      allow: 'sections',
      body: updateSchemaOf(section),
      data: sectionSchemaOf(section.key),
    }),
  ]),
) as unknown as Record<SectionKey, Endpoint>;

/**
 * **Extension:** one section for its editor, with the `version` a save names as `baseVersion`
 * (docs/product.md#edit-conflicts). `section` is the section as `GET /get-content` has it.
 */
export const getSectionForEdit = endpoint({
  method: 'GET',
  path: '/admin/sections/:key',
  access: 'admin',
  allow: 'sections',
  params: z.object({ key: z.enum(SECTIONS.map((s) => s.key) as [SectionKey, ...SectionKey[]]) }),
  data: z.object({ section: z.record(z.string(), z.unknown()), version: z.number() }),
});

const layoutData = z.object({ sections: landingLayoutSchema });

/** **Extension:** the landing page's sections in order, shown or hidden (docs/product.md#landing-layout). */
export const getLandingLayout = endpoint({
  method: 'GET',
  path: '/admin/landing-layout',
  access: 'admin',
  allow: 'sections',
  data: layoutData,
});

/** **Extension:** stores the landing layout: each of the seven sections once, at least one shown. */
export const saveLandingLayout = endpoint({
  method: 'POST',
  path: '/admin/landing-layout',
  access: 'admin',
  allow: 'sections',
  body: layoutData,
  data: layoutData,
});
