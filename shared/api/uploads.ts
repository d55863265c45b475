import { z } from '#shared/schemas/zod.ts';
import { VALIDATION_MESSAGES } from '#shared/messages.ts';
import { endpoint, idParams } from './endpoint';

// Images the administrator uploads (server/modules/uploads): the upload itself and the media library.

/** One image as multipart/form-data in the field `image`; answers where it is stored and its size. */
export const uploadImage = endpoint({
  method: 'POST',
  path: '/uploader/do',
  access: 'admin',
  allow: 'media.upload',
  data: z.object({ url: z.string(), width: z.number(), height: z.number() }),
});

/** Where an image is used: a landing section, a post or the site's identity, with the admin screen that edits it. */
export const mediaUsageSchema = z.object({
  kind: z.enum(['section', 'post', 'identity']),
  label: z.string(),
  path: z.string(),
});
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

export const mediaItemSchema = z.object({
  _id: z.string(),
  url: z.string(),
  /** The name of the file it was uploaded from. */
  name: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  mimeType: z.string(),
  createdAt: z.string(),
  usedIn: z.array(mediaUsageSchema),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

const cursor = z.object({ createdAt: z.string(), id: z.string() });

/** The media library, newest first, a page at a time; `search` matches file names and alt texts. */
export const listMedia = endpoint({
  method: 'GET',
  path: '/admin/media',
  access: 'admin',
  allow: 'media.upload',
  query: z.object({
    search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    beforeCreatedAt: z.optional(z.string().check(z.maxLength(40))),
    beforeId: z.optional(z.string().check(z.maxLength(64))),
  }),
  data: z.object({ items: z.array(mediaItemSchema), next: z.nullable(cursor) }),
});

export const updateMedia = endpoint({
  method: 'POST',
  path: '/admin/media/:id',
  access: 'admin',
  allow: 'media.upload',
  params: idParams,
  body: z.object({ alt: z.string().check(z.trim(), z.maxLength(500, VALIDATION_MESSAGES.altTooLong)) }),
  data: mediaItemSchema,
});

/** Deletes an image nothing uses; one in use answers 409 and stays. */
export const deleteMedia = endpoint({
  method: 'DELETE',
  path: '/admin/media/:id',
  access: 'admin',
  allow: 'media.upload',
  params: idParams,
  data: z.object({ _id: z.string() }),
});
