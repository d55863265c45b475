import type { Selectable } from 'kysely';
import type { Role } from '#shared/roles.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { StaffInviteTable } from '#server/db/schema.ts';

export type InviteRow = Selectable<StaffInviteTable>;

/** Invitations neither accepted nor withdrawn, expired ones too (the staff screen offers to resend them). */
export async function listOpenInvites(db: Db): Promise<InviteRow[]> {
  return db
    .selectFrom('staff_invites')
    .selectAll()
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function findInvite(db: Db, id: string) {
  return db.selectFrom('staff_invites').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findInviteByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('staff_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Withdraws every open invitation of an address (a new one replaces it). */
export async function revokeOpenInvitesTo(db: Db, email: string): Promise<void> {
  await db
    .updateTable('staff_invites')
    .set({ revoked_at: now() })
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertInvite(
  db: Db,
  invite: { email: string; role: Role; tokenHash: string; invitedBy: string; expiresAt: string },
): Promise<InviteRow> {
  const row: InviteRow = {
    id: newId(),
    email: invite.email,
    role: invite.role,
    token_hash: invite.tokenHash,
    invited_by: invite.invitedBy,
    created_at: now(),
    expires_at: invite.expiresAt,
    accepted_at: null,
    revoked_at: null,
  };
  await db.insertInto('staff_invites').values(row).execute();
  return row;
}

/** A new secret and end for an open invitation; false when it is no longer open. */
export async function renewInvite(db: Db, id: string, tokenHash: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invites')
    .set({ token_hash: tokenHash, expires_at: expiresAt, created_at: now() })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeInvite(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invites')
    .set({ revoked_at: now() })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes an open, unexpired invitation for its one use: the condition is in the statement, so of two
 * acceptances at the same moment exactly one gets true.
 */
export async function consumeInvite(db: Db, id: string): Promise<boolean> {
  const at = now();
  const result = await db
    .updateTable('staff_invites')
    .set({ accepted_at: at })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
