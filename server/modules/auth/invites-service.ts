import { TEAM_MESSAGES } from '#shared/messages.ts';
import { INVITES, ROLE_LABELS, type Role } from '#shared/roles.ts';
import type { Invite } from '#shared/schemas/staff.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError, ForbiddenError, GoneError, NotFoundError } from '#server/errors.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import { actorOf } from './activity-entries';
import { inviteMail } from './invite-mail';
import {
  consumeInvite,
  findInvite,
  findInviteByTokenHash,
  insertInvite,
  listOpenInvites,
  renewInvite,
  revokeInvite,
  revokeOpenInvitesTo,
  type InviteRow,
} from './invites-repository';
import { hashPassword } from './password';
import type { AuthContext } from './service';
import { hashToken, newToken } from './tokens';
import type { ClientInfo, SignInContext } from './sign-in-context';
import { findUserByEmail, findUserById, findUsersByIds, insertUser, type UserRow } from './user-repository';

/** The unique index of author addresses (migration 2026-11-29-0019), and how often a lost race on it is retried. */
const SEGMENT_INDEX = 'users_segment_idx';
const SEGMENT_ATTEMPTS = 10;

/** An invitation link works once, for this long. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

/**
 * Invitations to the staff (docs/product.md#team-and-roles): a single-use link, sent through the outbox;
 * the inviter also gets the link, which the staff screen shows to copy when the site sends no e-mail.
 */
export function createInvitesService(deps: {
  db: Db;
  mail: MailService;
  siteName: string;
  publicUrl: string;
  /** Whether e-mail really leaves the site (SMTP set up); without it the screen offers the link. */
  mailIsSent: boolean;
  activity: ActivityRecorder;
  /** A session for a new account (the auth service's, as login makes it). */
  signIn: (
    user: UserRow,
    context: SignInContext,
  ) => Promise<{ token: string; user: { _id: string; email: string; name: string } }>;
}) {
  const { db } = deps;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const linkOf = (token: string) => `${deps.publicUrl}/admin/invite/${token}`;

  const inviteOf = (row: InviteRow, inviters: Map<string, string>): Invite => ({
    _id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by ? (inviters.get(row.invited_by) ?? null) : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: row.expires_at <= at(0),
  });

  function mayInvite(auth: AuthContext, role: Role) {
    if (!INVITES[auth.person.role].includes(role)) {
      throw new ForbiddenError(TEAM_MESSAGES.cannotGiveRole(ROLE_LABELS[role]));
    }
  }

  /** Queues the e-mail with the row's change, in one transaction: there is a mail exactly when there is a link. */
  async function send(
    auth: AuthContext,
    row: InviteRow,
    token: string,
    message: (email: string) => string,
  ): Promise<{ invite: Invite; link: string; delivery: 'mail' | 'link'; message: string }> {
    const link = linkOf(token);
    const invite = inviteOf(row, new Map([[auth.person.id, auth.user.name || auth.user.email]]));
    return {
      invite,
      link,
      delivery: deps.mailIsSent ? 'mail' : 'link',
      message: deps.mailIsSent ? message(row.email) : TEAM_MESSAGES.inviteLinkOnly,
    };
  }

  const mailFor = (auth: AuthContext, row: { email: string; role: Role }, token: string) =>
    inviteMail({
      to: row.email,
      link: linkOf(token),
      role: row.role,
      inviter: auth.user.name || auth.user.email,
      siteName: deps.siteName,
      days: INVITE_TTL_MS / (24 * 3600_000),
      requestedBy: auth.user.name || auth.user.email,
    });

  const invitationTarget = (row: { id: string; email: string }) => ({
    type: 'invitation' as const,
    id: row.id,
    label: row.email,
  });

  /** An open invitation by its link, or the reason it no longer works. */
  async function openInvite(token: string): Promise<InviteRow> {
    const row = token.length <= 200 ? await findInviteByTokenHash(db, hashToken(token)) : undefined;
    if (!row) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
    if (row.accepted_at) throw new GoneError(TEAM_MESSAGES.inviteUsed);
    if (row.revoked_at) throw new GoneError(TEAM_MESSAGES.inviteRevoked);
    if (row.expires_at <= at(0)) throw new GoneError(TEAM_MESSAGES.inviteExpired);
    return row;
  }

  return {
    async list(): Promise<Invite[]> {
      const rows = await listOpenInvites(db);
      // The inviters in one query, not one per invitation.
      const inviterIds = [...new Set(rows.map((row) => row.invited_by).filter((id): id is string => !!id))];
      const people = await findUsersByIds(db, inviterIds);
      const inviters = new Map(people.map((user) => [user.id, user.name || user.email]));
      return rows.map((row) => inviteOf(row, inviters));
    },

    /** A new invitation; one still open to the same address is withdrawn (its link stops working). */
    async invite(auth: AuthContext, input: { email: string; role: Role }) {
      mayInvite(auth, input.role);
      const email = input.email.trim().toLowerCase();
      if (await findUserByEmail(db, email)) throw new ConflictError(TEAM_MESSAGES.alreadyOnStaff);
      const token = newToken();
      const row = await db.transaction().execute(async (trx) => {
        await revokeOpenInvitesTo(trx, email);
        const inserted = await insertInvite(trx, {
          email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: auth.person.id,
          expiresAt: at(INVITE_TTL_MS),
        });
        await deps.mail.queue(mailFor(auth, inserted, token), trx);
        await deps.activity.record(trx, {
          action: 'invite.sent',
          actor: actorOf(auth),
          target: invitationTarget(inserted),
          detail: { role: inserted.role },
        });
        return inserted;
      });
      deps.mail.kick();
      return send(auth, row, token, TEAM_MESSAGES.inviteSent);
    },

    /** A new link (the old one stops working), valid for INVITE_TTL_MS from now. */
    async resend(auth: AuthContext, id: string) {
      const existing = await findInvite(db, id);
      if (!existing || existing.accepted_at || existing.revoked_at)
        throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
      mayInvite(auth, existing.role);
      const token = newToken();
      await db.transaction().execute(async (trx) => {
        if (!(await renewInvite(trx, id, hashToken(token), at(INVITE_TTL_MS)))) {
          throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
        }
        await deps.mail.queue(mailFor(auth, existing, token), trx);
        await deps.activity.record(trx, {
          action: 'invite.resent',
          actor: actorOf(auth),
          target: invitationTarget(existing),
          detail: { role: existing.role },
        });
      });
      deps.mail.kick();
      return send(auth, (await findInvite(db, id))!, token, TEAM_MESSAGES.inviteResent);
    },

    async revoke(auth: AuthContext, id: string): Promise<string> {
      const existing = await findInvite(db, id);
      if (!existing) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
      mayInvite(auth, existing.role);
      await db.transaction().execute(async (trx) => {
        if (!(await revokeInvite(trx, id))) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
        await deps.activity.record(trx, {
          action: 'invite.revoked',
          actor: actorOf(auth),
          target: invitationTarget(existing),
          detail: { role: existing.role },
        });
      });
      return TEAM_MESSAGES.inviteRevokedDone;
    },

    async details(token: string) {
      const row = await openInvite(token);
      return { email: row.email, role: row.role, siteName: deps.siteName };
    },

    /**
     * Makes the account and signs it in. The invitation is taken for its one use in the same transaction
     * as the account is written, so two acceptances at once make one account, and a failure leaves the
     * link working.
     */
    async accept(token: string, input: { name: string; password: string }, client: ClientInfo) {
      const row = await openInvite(token);
      const passwordHash = await hashPassword(input.password);
      for (let attempt = 1; ; attempt++) {
        try {
          const userId = await db.transaction().execute(async (trx) => {
            if (!(await consumeInvite(trx, row.id))) throw new GoneError(TEAM_MESSAGES.inviteUsed);
            if (await findUserByEmail(trx, row.email)) throw new ConflictError(TEAM_MESSAGES.alreadyOnStaff);
            const id = await insertUser(trx, { email: row.email, name: input.name, passwordHash, role: row.role });
            await deps.activity.record(trx, {
              action: 'invite.accepted',
              actor: { id, name: input.name || row.email },
              target: invitationTarget(row),
              detail: { role: row.role },
              address: client.address,
            });
            return id;
          });
          return await deps.signIn((await findUserById(db, userId))!, { ...client, method: 'invite' });
        } catch (err) {
          // Someone of the same name joined at the same moment and took the author address: the whole
          // acceptance (its invitation untouched, as it rolled back) runs again and finds the next one.
          const segmentTaken = isUniqueViolation(err, SEGMENT_INDEX) || isUniqueViolation(err, 'users.segment');
          if (segmentTaken && attempt < SEGMENT_ATTEMPTS) continue;
          // The same address taken by another acceptance at the same moment (users.email is unique).
          if (isUniqueViolation(err)) throw new ConflictError(TEAM_MESSAGES.alreadyOnStaff);
          throw err;
        }
      }
    },
  };
}
