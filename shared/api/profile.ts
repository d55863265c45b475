import { z } from '#shared/schemas/zod.ts';
import {
  emailChangeSchema,
  postAuthorSchema,
  postAuthorsInputSchema,
  profileInputSchema,
  profileSchema,
} from '#shared/schemas/profile.ts';
import { endpoint, idParams, messageData } from './endpoint';

/** Profiles and the authors of posts (docs/product.md#profiles-and-author-pages). */

export const getProfile = endpoint({
  method: 'GET',
  path: '/admin/profile',
  access: 'admin',
  allow: 'account',
  data: profileSchema,
});

/** Name, author page address (409 when someone else has it), bio, avatar, website. */
export const saveProfile = endpoint({
  method: 'POST',
  path: '/admin/profile',
  access: 'admin',
  allow: 'account',
  body: profileInputSchema,
  data: profileSchema,
});

/** E-mails a confirmation link (valid 24 hours) to the new address; the address changes when it is followed. */
export const requestEmailChange = endpoint({
  method: 'POST',
  path: '/admin/profile/email',
  access: 'admin',
  allow: 'account',
  body: emailChangeSchema,
  data: messageData,
});

/** Follows a confirmation link: 404 for an unknown link, 410 for an expired or used one. */
export const confirmEmailChange = endpoint({
  method: 'POST',
  path: '/staff/email-change/:token',
  access: 'public',
  params: z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  data: messageData,
});

/** The active people a post's authors may be chosen from. */
export const listAuthors = endpoint({
  method: 'GET',
  path: '/admin/authors',
  access: 'admin',
  allow: 'posts.all',
  data: z.array(postAuthorSchema),
});

/** Replaces a post's authors, in byline order (1 to 10 active people). */
export const setPostAuthors = endpoint({
  method: 'POST',
  path: '/blogs/:id/authors',
  access: 'admin',
  allow: 'posts.all',
  params: idParams,
  body: postAuthorsInputSchema,
  data: z.array(postAuthorSchema),
});
