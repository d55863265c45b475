import { TAG_MESSAGES } from '#shared/messages.ts';
import { MAX_TAGS_PER_POST, TAG_NAME_MAX } from '#shared/tags.ts';
import { z } from './zod';

/** Tag payloads (docs/product.md#tags, docs/api.md#tags). */

/** A tag's name: trimmed, 1–100 characters, no comma (the editor's input separates tags with commas). */
export const tagNameSchema = z.string({ error: TAG_MESSAGES.nameRequired }).check(
  z.trim(),
  z.minLength(1, TAG_MESSAGES.nameRequired),
  z.maxLength(TAG_NAME_MAX, TAG_MESSAGES.nameTooLong),
  z.refine((v) => !v.includes(','), TAG_MESSAGES.nameComma),
);

/** A post's tags by name, in order; absent on a save: the post keeps the tags it has. */
export const postTagsInput = z.optional(
  z.array(tagNameSchema).check(z.maxLength(MAX_TAGS_PER_POST, TAG_MESSAGES.tooMany)),
);

/** A public tag as cards and posts link it (internal tags are never in it). */
export const tagLinkSchema = z.object({ name: z.string(), slug: z.string(), url: z.string() });
export type TagLink = z.infer<typeof tagLinkSchema>;

/** A tag as the admin's Tags screen shows it. */
export const tagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  /** Its posts outside the trash. */
  posts: z.number(),
  internal: z.boolean(),
});
export type Tag = z.infer<typeof tagSchema>;

/** A tag's public page's head: its name, address and the fields the page shows. */
export const publicTagSchema = z.object({
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  description: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
});
export type PublicTag = z.infer<typeof publicTagSchema>;

const optionalField = (max: number, tooLong: string) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, tooLong)), '');

/** A tag's address: letters, digits and `-_.~` (a leading `#` for an internal tag); empty: from the name. */
const TAG_SLUG = /^#?(?!\.\.?$)[\p{L}\p{N}_.~-]+$/u;

/** Editing a tag: empty `slug` makes it from the name. A changed address answers 301 from the old one. */
export const tagInputSchema = z.object({
  name: tagNameSchema,
  slug: z
    .pipe(
      z._default(z.string().check(z.trim(), z.maxLength(200, TAG_MESSAGES.slugTooLong)), ''),
      z.transform((v) => v.replace(/\s+/g, '-')),
    )
    .check(z.refine((v) => v === '' || TAG_SLUG.test(v), TAG_MESSAGES.badSlug)),
  description: optionalField(2000, TAG_MESSAGES.descriptionTooLong),
  metaTitle: optionalField(200, TAG_MESSAGES.metaTitleTooLong),
  metaDescription: optionalField(500, TAG_MESSAGES.metaDescriptionTooLong),
});
export type TagInput = z.output<typeof tagInputSchema>;

export const tagMergeSchema = z.object({ into: z.string().check(z.minLength(1), z.maxLength(64)) });
