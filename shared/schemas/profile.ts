import { z } from './zod';
import { MESSAGES, PROFILE_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { SEGMENT_MAX, SEGMENT_PATTERN } from '#shared/profile.ts';
import { looseEmail, requiredText } from './fields';

/** The signed-in person's profile (docs/product.md#profiles-and-author-pages). */
export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** A new address waiting for its confirmation link; null when none is. */
  pendingEmail: z.nullable(z.string()),
  segment: z.string(),
  bio: z.string(),
  avatar: z.string(),
  website: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Upload addresses of the media library (server/modules/uploads): our own path, never another site's. */
const AVATAR_PATTERN = /^\/(uploads|media)\/[^\s"'<>\\]+$|^https:\/\/[^\s"'<>\\]+$/;
const WEBSITE_PATTERN = /^https?:\/\/[^\s"'<>\\]+\.[^\s"'<>\\]+$/;

export const profileInputSchema = z.object({
  name: requiredText(TEAM_MESSAGES.nameRequired, 100),
  segment: z
    .string({ error: PROFILE_MESSAGES.segmentRequired })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, PROFILE_MESSAGES.segmentRequired),
      z.maxLength(SEGMENT_MAX, PROFILE_MESSAGES.segmentTooLong),
      z.regex(SEGMENT_PATTERN, PROFILE_MESSAGES.segmentInvalid),
    ),
  // Empty: none.
  bio: z.string().check(z.trim(), z.maxLength(500, PROFILE_MESSAGES.bioTooLong)),
  avatar: z.string().check(
    z.trim(),
    z.maxLength(500, PROFILE_MESSAGES.avatarInvalid),
    z.refine((v) => v === '' || AVATAR_PATTERN.test(v), PROFILE_MESSAGES.avatarInvalid),
  ),
  website: z.string().check(
    z.trim(),
    z.maxLength(300, PROFILE_MESSAGES.websiteInvalid),
    z.refine((v) => v === '' || WEBSITE_PATTERN.test(v), PROFILE_MESSAGES.websiteInvalid),
  ),
});
export type ProfileInput = z.output<typeof profileInputSchema>;

export const emailChangeSchema = z.object({ email: looseEmail(MESSAGES.invalidResetEmail) });

/** A person as a post's byline names them in the admin. */
export const postAuthorSchema = z.object({ _id: z.string(), name: z.string() });
export type PostAuthor = z.infer<typeof postAuthorSchema>;

export const postAuthorsInputSchema = z.object({
  authorIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)), { error: PROFILE_MESSAGES.authorsRequired })
    .check(z.minLength(1, PROFILE_MESSAGES.authorsRequired), z.maxLength(10, PROFILE_MESSAGES.authorsTooMany)),
});

/** An author as public pages show them: only people with an author page address are linked. */
export interface PublicAuthor {
  name: string;
  segment: string;
  avatar: string;
  bio: string;
  website: string;
}
