import type { SectionDef } from '#shared/sections.ts';

/** A section's field names as its editor labels them, for its history. */
export const labelsOf = (section: SectionDef): Record<string, string> => ({
  ...Object.fromEntries(section.fields.map((f) => [f.name, f.label])),
  ...(section.items ? { items: 'Items' } : {}),
});
