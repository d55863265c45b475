import { z } from './zod';
import { MESSAGES } from '#shared/messages.ts';
import {
  MAX_FIELD_LENGTH,
  SECTIONS,
  updatePathOf,
  type FieldDef,
  type ItemsDef,
  type SectionKey,
  type SectionDef,
} from '#shared/sections.ts';
import { baseVersionField, optionalLink, optionalText, requiredRichText, requiredText, safeLink } from './fields';

export { INVALID_LINK } from './fields';

/**
 * Payloads of the section update calls with the editors' rules (docs/product.md#content-editor-rules),
 * derived from the section registry. The admin forms and the server use these same schemas; rich text is
 * sanitised on the server after validation.
 */
const LINK_MAX = 2000;
const SECTION_ID_REQUIRED = 'Section id is required';
const sectionId = z
  .string({ error: SECTION_ID_REQUIRED })
  .check(z.trim(), z.minLength(1, SECTION_ID_REQUIRED), z.maxLength(64));

function fieldSchema(field: FieldDef, required = field.required ?? false) {
  const isLink = field.kind === 'link' || field.kind === 'image';
  if (!required) return isLink ? optionalLink() : optionalText(field.max ?? MAX_FIELD_LENGTH);
  if (isLink) return requiredText(MESSAGES.fieldEmpty, field.max ?? LINK_MAX).check(safeLink());
  // Rich text counts as empty when it is only tags around spaces.
  return field.kind === 'rich'
    ? requiredRichText(MESSAGES.fieldEmpty, field.max ?? MAX_FIELD_LENGTH)
    : requiredText(MESSAGES.fieldEmpty, field.max ?? MAX_FIELD_LENGTH);
}

const shapeOf = (fields: readonly FieldDef[], required?: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, required ? required.includes(f.name) : undefined)]));

function itemsSchema(items: ItemsDef) {
  const item = z.object(shapeOf(items.fields));
  const tooMany = `At most ${items.max} items`;
  if (!items.requiredInFirst) return z.array(item).check(z.maxLength(items.max, tooMany));
  const first = z.extend(
    item,
    shapeOf(
      items.fields.filter((f) => items.requiredInFirst!.includes(f.name)),
      items.requiredInFirst,
    ),
  );
  return z.tuple([first], item).check(z.refine((list) => list.length <= items.max, tooMany));
}

/** The body of `POST /api/<section>/update`: the section's `id`, its fields, and its items. */
export function updateSchemaOf(section: SectionDef) {
  return z.object({
    id: sectionId,
    baseVersion: baseVersionField,
    ...shapeOf(section.fields),
    ...(section.items ? { items: itemsSchema(section.items) } : {}),
  });
}

/** Route path, section and schema of every update call, in the registry's order. */
export const SECTION_UPDATES = SECTIONS.map((section) => ({
  path: updatePathOf(section),
  section: section.key as SectionKey,
  schema: updateSchemaOf(section),
}));
