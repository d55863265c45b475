import type { SectionDef } from '#shared/sections.ts';

/** A section's field names as its editor labels them, for its history. */
export const labelsOf = (section: SectionDef): Record<string, string> => ({
  ...Object.fromEntries(section.fields.map((f) => [f.name, f.label])),
  ...(section.items ? { items: 'Items' } : {}),
});

/** A section's rich-text fields, its own and its items', for its history (the rest shows as text). */
export const richFieldsOf = (section: SectionDef): ReadonlySet<string> =>
  new Set([
    ...section.fields.filter((f) => f.kind === 'rich').map((f) => f.name),
    ...(section.items?.fields ?? []).filter((f) => f.kind === 'rich').map((f) => `items.${f.name}`),
  ]);
