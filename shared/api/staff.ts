import { z } from '#shared/schemas/zod.ts';
import { sessionUserSchema } from '#shared/schemas/auth.ts';
import {
  acceptInviteSchema,
  accountSchema,
  inviteDetailsSchema,
  inviteInputSchema,
  inviteSentSchema,
  staffDeleteSchema,
  staffListSchema,
  staffMemberSchema,
  staffUpdateSchema,
  transferOwnershipSchema,
} from '#shared/schemas/staff.ts';
import { endpoint, idParams, messageData } from './endpoint';

/** The team (docs/product.md#team-and-roles): who is signed in, the staff, invitations. */

/** The signed-in person's role and switches (the admin screens show what they allow). */
export const getAccount = endpoint({
  method: 'GET',
  path: '/admin/account',
  access: 'admin',
  allow: 'account',
  data: accountSchema,
});

export const listStaff = endpoint({
  method: 'GET',
  path: '/admin/staff',
  access: 'admin',
  allow: 'staff.invite',
  data: staffListSchema,
});

/** Invites by e-mail (an Editor only Authors and Contributors); a new invitation to the same address replaces an open one. */
export const inviteStaff = endpoint({
  method: 'POST',
  path: '/admin/staff/invites',
  access: 'admin',
  allow: 'staff.invite',
  body: inviteInputSchema,
  data: inviteSentSchema,
});

/** A new link for an open invitation (the old one stops working), valid 7 days from now. */
export const resendInvite = endpoint({
  method: 'POST',
  path: '/admin/staff/invites/:id/resend',
  access: 'admin',
  allow: 'staff.invite',
  params: idParams,
  data: inviteSentSchema,
});

export const revokeInvite = endpoint({
  method: 'DELETE',
  path: '/admin/staff/invites/:id',
  access: 'admin',
  allow: 'staff.invite',
  params: idParams,
  data: messageData,
});

/** Role and switches of someone who is not the Owner. */
export const updateStaff = endpoint({
  method: 'POST',
  path: '/admin/staff/:id',
  access: 'admin',
  allow: 'staff.manage',
  params: idParams,
  body: staffUpdateSchema,
  data: staffMemberSchema,
});

/** Ends every session of the person at once; they cannot sign in until reactivated. */
export const suspendStaff = endpoint({
  method: 'POST',
  path: '/admin/staff/:id/suspend',
  access: 'admin',
  allow: 'staff.manage',
  params: idParams,
  data: staffMemberSchema,
});

export const reactivateStaff = endpoint({
  method: 'POST',
  path: '/admin/staff/:id/reactivate',
  access: 'admin',
  allow: 'staff.manage',
  params: idParams,
  data: staffMemberSchema,
});

/** Removes the person; their posts go to `reassignTo`, in one transaction. */
export const deleteStaff = endpoint({
  method: 'DELETE',
  path: '/admin/staff/:id',
  access: 'admin',
  allow: 'staff.manage',
  params: idParams,
  body: staffDeleteSchema,
  data: messageData,
});

/** The Owner hands the site over and becomes an Administrator. */
export const transferOwnership = endpoint({
  method: 'POST',
  path: '/admin/staff/transfer-ownership',
  access: 'admin',
  allow: 'ownership.transfer',
  body: transferOwnershipSchema,
  data: messageData,
});

/** What an invitation link is for; 404 for an unknown link, 410 for an expired, used or withdrawn one. */
export const getInvite = endpoint({
  method: 'GET',
  path: '/staff/invites/:token',
  access: 'public',
  params: z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  data: inviteDetailsSchema,
});

/** Accepts an invitation: the account is made and signed in, with the token and user login gives. */
export const acceptInvite = endpoint({
  method: 'POST',
  path: '/staff/invites/:token/accept',
  access: 'public',
  params: z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  body: acceptInviteSchema,
  data: z.object({ token: z.string(), user: sessionUserSchema }),
});
