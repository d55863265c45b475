import { z } from './zod';
import { SECTIONS, type SectionContent, type SectionItem, type SectionKey } from '#shared/sections.ts';

/**
 * The site content object (docs/product.md#content-sections) as every layer sees it, derived from the
 * section registry (shared/sections.ts): each section has its `_id`, its fields as strings, and its items.
 */
const sectionSchema = (section: (typeof SECTIONS)[number]) => {
  const strings = (fields: readonly { name: string }[]) => Object.fromEntries(fields.map((f) => [f.name, z.string()]));
  return z.object({
    _id: z.string(),
    ...strings(section.fields),
    ...('items' in section ? { items: z.array(z.object(strings(section.items.fields))) } : {}),
  });
};

export type SiteContent = { [K in SectionKey]: SectionContent<K> };
export type { SectionKey };

const SECTION_SCHEMAS = Object.fromEntries(SECTIONS.map((s) => [s.key, sectionSchema(s)]));

export const siteContentSchema = z.object(SECTION_SCHEMAS) as unknown as z.ZodMiniType<SiteContent>;

/** One section as the content object and its update call's answer hold it. */
export const sectionSchemaOf = <K extends SectionKey>(key: K) =>
  SECTION_SCHEMAS[key] as unknown as z.ZodMiniType<SiteContent[K]>;

export type ServiceItem = SectionItem<'services'>;
export type ImageItem = SectionItem<'team'>;
