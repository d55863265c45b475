import { z } from './zod';
import { MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { ROLES } from '#shared/roles.ts';
import { newPassword } from './auth';
import { looseEmail, requiredText } from './fields';

const role = z.enum(ROLES);
const id = z.string().check(z.minLength(1), z.maxLength(64));

/** The signed-in person's role and switches: what the admin screens ask `can` (shared/roles.ts) about. */
export const accountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  mayNewsletter: z.boolean(),
  categoryIds: z.array(z.string()),
});
export type Account = z.infer<typeof accountSchema>;

export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  status: z.enum(['active', 'suspended']),
  lastSeenAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** Posts they are an author of (not in the trash). */
  posts: z.number(),
  mayNewsletter: z.boolean(),
  categoryIds: z.array(z.string()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const inviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role,
  invitedBy: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const staffListSchema = z.object({ people: z.array(staffMemberSchema), invites: z.array(inviteSchema) });

/** An invitation just made or sent again: the link itself, shown to copy when no e-mail could carry it. */
export const inviteSentSchema = z.object({
  invite: inviteSchema,
  link: z.string(),
  delivery: z.enum(['mail', 'link']),
  message: z.string(),
});

export const inviteInputSchema = z.object({
  email: looseEmail(MESSAGES.invalidResetEmail),
  role: z.enum(ROLES, { error: TEAM_MESSAGES.cannotGiveRole('that') }),
});

/** A change on the staff screen: any of the role and the two switches. */
export const staffUpdateSchema = z.object({
  role: z.optional(role),
  mayNewsletter: z.optional(z.boolean()),
  categoryIds: z.optional(z.array(id).check(z.maxLength(500))),
});

export const staffDeleteSchema = z.object({ reassignTo: id });
export const transferOwnershipSchema = z.object({ to: id });

/** What the accept page shows before asking for a name and password. */
export const inviteDetailsSchema = z.object({ email: z.string(), role, siteName: z.string() });

export const acceptInviteSchema = z.object({
  name: requiredText(TEAM_MESSAGES.nameRequired, 100),
  password: newPassword(MESSAGES.newPasswordTooShort),
});
