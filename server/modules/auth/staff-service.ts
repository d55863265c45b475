import { TEAM_MESSAGES } from '#shared/messages.ts';
import { INVITES, ROLE_LABELS, type Role } from '#shared/roles.ts';
import type { StaffMember } from '#shared/schemas/staff.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import { actorOf, personTarget } from './activity-entries';
import { toPerson } from './people';
import { revokeUserSessions } from './session-repository';
import type { AuthContext } from './service';
import {
  deleteBylineAuthors,
  deleteNonOwner,
  findUserByEmail,
  findUserById,
  insertBylineAuthor,
  listUsers,
  transferOwnership,
  updateNonOwner,
  type UserRow,
} from './user-repository';

/** What the staff screen needs from the blog: given late (server/services.ts), as the blog is made after. */
export interface AuthoredPosts {
  /** Posts (not in the trash) each person is an author of. */
  countsByAuthor(userIds: readonly string[]): Promise<Map<string, number>>;
  /** Hands every post of `fromId` to `toId`, inside the caller's transaction. */
  reassignAuthor(trx: Db, fromId: string, toId: string): Promise<void>;
}

/** The people on the staff and what the Owner and Administrators change about them (docs/product.md#team-and-roles). */
export function createStaffService(deps: { db: Db; posts: AuthoredPosts; activity: ActivityRecorder }) {
  const { db, posts, activity } = deps;

  const memberOf = (row: UserRow, postCount: number): StaffMember => {
    const person = toPerson(row);
    return {
      _id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      status: row.status,
      lastSeenAt: row.last_seen_at,
      createdAt: row.created_at,
      posts: postCount,
      mayNewsletter: person.mayNewsletter,
      categoryIds: [...person.categoryIds],
    };
  };

  async function member(id: string): Promise<StaffMember> {
    const row = await findUserById(db, id);
    if (!row) throw new NotFoundError(TEAM_MESSAGES.personNotFound);
    return memberOf(row, (await posts.countsByAuthor([id])).get(id) ?? 0);
  }

  /** Someone other than the one asking who is not the Owner: the rows these changes may touch. */
  async function changeable(auth: AuthContext, id: string, options: { notSelf?: boolean } = {}) {
    const row = await findUserById(db, id);
    if (!row) throw new NotFoundError(TEAM_MESSAGES.personNotFound);
    if (row.role === 'owner') throw new ConflictError(TEAM_MESSAGES.ownerProtected);
    if (options.notSelf && id === auth.person.id) throw new ConflictError(TEAM_MESSAGES.notYourself);
    return row;
  }

  /** The statement itself refuses the Owner's row, so a change racing a hand-over never touches it. */
  async function apply(trx: Db, id: string, changes: Parameters<typeof updateNonOwner>[2]) {
    if (!(await updateNonOwner(trx, id, changes))) {
      const row = await findUserById(trx, id);
      throw row ? new ConflictError(TEAM_MESSAGES.ownerProtected) : new NotFoundError(TEAM_MESSAGES.personNotFound);
    }
  }

  return {
    /** The person of this e-mail address, if any (an import maps its authors to people by e-mail). */
    idOfEmail: async (email: string) => (await findUserByEmail(db, email.trim()))?.id ?? null,

    /** Whether an account of this id exists (an import's ledger checks its own writes). */
    exists: async (id: string) => (await findUserById(db, id)) !== undefined,

    /** A byline-only author, made by an import with the id its ledger chose (see insertBylineAuthor). */
    createBylineAuthor: (author: { id: string; email: string; name: string; bio: string; website: string }) =>
      insertBylineAuthor(db, author),

    /** Removes byline-only authors an import made, unless they have signed in since (Undo of an import). */
    removeBylineAuthors: (ids: readonly string[]) => deleteBylineAuthors(db, ids),

    async list(): Promise<StaffMember[]> {
      const rows = await listUsers(db);
      const counts = await posts.countsByAuthor(rows.map((row) => row.id));
      return rows.map((row) => memberOf(row, counts.get(row.id) ?? 0));
    },

    /** Role and switches; a role can only be one the asker may give (INVITES in shared/roles.ts). */
    async update(
      auth: AuthContext,
      id: string,
      input: { role?: Role; mayNewsletter?: boolean; categoryIds?: string[] },
    ): Promise<StaffMember> {
      const row = await changeable(auth, id);
      if (input.role && !INVITES[auth.person.role].includes(input.role)) {
        throw new ForbiddenError(TEAM_MESSAGES.cannotGiveRole(ROLE_LABELS[input.role]));
      }
      const before = toPerson(row);
      const categoryIds = input.categoryIds ? [...new Set(input.categoryIds)] : undefined;
      const sameCategories =
        !categoryIds ||
        (categoryIds.length === before.categoryIds.length && categoryIds.every((c) => before.categoryIds.includes(c)));
      // Names of what changed, never more: the log says "newsletter switch, categories".
      const switches = [
        ...(input.mayNewsletter !== undefined && input.mayNewsletter !== before.mayNewsletter ? ['newsletter'] : []),
        ...(sameCategories ? [] : ['categories']),
      ];
      await db.transaction().execute(async (trx) => {
        await apply(trx, id, {
          ...(input.role ? { role: input.role } : {}),
          ...(input.mayNewsletter !== undefined ? { may_newsletter: input.mayNewsletter ? 1 : 0 } : {}),
          ...(categoryIds ? { category_ids: JSON.stringify(categoryIds) } : {}),
        });
        const entry = { actor: actorOf(auth), target: personTarget(row) };
        if (input.role && input.role !== row.role) {
          await activity.record(trx, { ...entry, action: 'role.changed', detail: { from: row.role, to: input.role } });
        }
        if (switches.length) {
          await activity.record(trx, {
            ...entry,
            action: 'switches.changed',
            detail: {
              changed: switches.join(', '),
              ...(switches.includes('newsletter') ? { newsletter: Boolean(input.mayNewsletter) } : {}),
              ...(categoryIds && !sameCategories ? { categories: categoryIds.length } : {}),
            },
          });
        }
      });
      return member(id);
    },

    /** Suspends and ends every session at once: their next request is a 401, on every process. */
    async suspend(auth: AuthContext, id: string): Promise<StaffMember> {
      const row = await changeable(auth, id, { notSelf: true });
      await db.transaction().execute(async (trx) => {
        if (!(await updateNonOwner(trx, id, { status: 'suspended' })))
          throw new ConflictError(TEAM_MESSAGES.ownerProtected);
        await revokeUserSessions(trx, id);
        await activity.record(trx, { action: 'person.suspended', actor: actorOf(auth), target: personTarget(row) });
      });
      return member(id);
    },

    async reactivate(auth: AuthContext, id: string): Promise<StaffMember> {
      const row = await changeable(auth, id);
      await db.transaction().execute(async (trx) => {
        await apply(trx, id, { status: 'active' });
        if (row.status !== 'active') {
          await activity.record(trx, { action: 'person.reactivated', actor: actorOf(auth), target: personTarget(row) });
        }
      });
      return member(id);
    },

    /**
     * Removes a person and hands their posts to another active person, all in one transaction: nothing is
     * left without an author, and a failure changes nothing.
     */
    async remove(auth: AuthContext, id: string, reassignTo: string): Promise<string> {
      const row = await changeable(auth, id, { notSelf: true });
      const heir = await findUserById(db, reassignTo);
      if (!heir || heir.id === id || heir.status !== 'active') {
        throw new InvalidInputError(TEAM_MESSAGES.reassignTarget, 'reassignTo');
      }
      await db.transaction().execute(async (trx) => {
        await posts.reassignAuthor(trx, id, heir.id);
        if (!(await deleteNonOwner(trx, id))) throw new ConflictError(TEAM_MESSAGES.ownerProtected);
        await activity.record(trx, {
          action: 'person.deleted',
          actor: actorOf(auth),
          target: personTarget(row),
          detail: { role: row.role, postsTo: heir.name || heir.email },
        });
      });
      return TEAM_MESSAGES.deleted(row.name);
    },

    /** The Owner hands the site over and becomes an Administrator; there is always exactly one Owner. */
    async transferOwnership(auth: AuthContext, to: string): Promise<string> {
      const heir = await findUserById(db, to);
      if (!heir || heir.id === auth.person.id || heir.status !== 'active') {
        throw new InvalidInputError(TEAM_MESSAGES.ownershipTarget, 'to');
      }
      await db.transaction().execute(async (trx) => {
        if (!(await transferOwnership(trx, auth.person.id, heir.id))) {
          throw new ConflictError(TEAM_MESSAGES.ownershipTarget);
        }
        await activity.record(trx, {
          action: 'ownership.transferred',
          actor: actorOf(auth),
          target: personTarget(heir),
        });
      });
      return TEAM_MESSAGES.ownershipTransferred(heir.name);
    },
  };
}
