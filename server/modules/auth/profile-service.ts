import { PROFILE_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { authorUrl } from '#shared/profile.ts';
import type { Profile, ProfileInput, PublicAuthor } from '#shared/schemas/profile.ts';
import type { ExportedAuthor } from '#shared/site-export.ts';
import type { Db } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { ConflictError, GoneError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { emailChangeMail } from './email-change-mail';
import {
  consumeEmailChange,
  countMovedAuthors,
  deleteStaleEmailChanges,
  findAuthorRedirect,
  findEmailChange,
  findUserBySegment,
  insertEmailChange,
  insertImportedUser,
  setPublicProfile,
  listMovedAuthors,
  setEmail,
  updateProfile,
} from './profile-repository';
import type { AuthContext } from './service';
import { generatePassword, hashPassword } from './password';
import { hashToken, newToken } from './tokens';
import { findUserByEmail, findUserById, findUsersByIds, listUsers, type UserRow } from './user-repository';

/** An e-mail change link works once, for this long. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;

const profileOf = (row: UserRow): Profile => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  pendingEmail: row.pending_email,
  segment: row.segment,
  bio: row.bio,
  avatar: row.avatar,
  website: row.website,
});

const publicAuthorOf = (row: UserRow): PublicAuthor => ({
  name: row.name,
  segment: row.segment,
  avatar: row.avatar,
  bio: row.bio,
  website: row.website,
});

/**
 * Each person's own profile, their e-mail changes, and what public pages show of authors
 * (docs/product.md#profiles-and-author-pages). A profile is on public pages (bylines, author pages), so a
 * save bumps the content version that keys the page cache.
 */
export function createProfileService(deps: {
  db: Db;
  mail: MailService;
  siteMeta: SiteMeta;
  siteName: string;
  publicUrl: string;
  activity: ActivityRecorder;
  /** Runs in the transaction of a save that changed the person's name (the search index holds it: server/services.ts). */
  onNameChanged?: (trx: Db, userId: string) => Promise<unknown>;
}) {
  const { db, siteMeta } = deps;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  async function own(auth: AuthContext): Promise<UserRow> {
    const row = await findUserById(db, auth.person.id);
    if (!row) throw new NotFoundError(TEAM_MESSAGES.personNotFound);
    return row;
  }

  return {
    get: async (auth: AuthContext) => profileOf(await own(auth)),

    /** Author pages' old addresses, read-only in Settings → Redirects (docs/decisions/0032-redirects.md). */
    async automaticRedirects(search: string | undefined, limit: number) {
      const [rows, total] = await Promise.all([listMovedAuthors(db, search, limit), countMovedAuthors(db, search)]);
      return {
        rows: rows.map((r) => ({ from: authorUrl(r.old_segment), to: authorUrl(r.segment), createdAt: r.created_at })),
        total,
      };
    },

    /** A segment someone else has is a 409; one that only redirects (an old one) is taken over. */
    async save(auth: AuthContext, input: ProfileInput): Promise<Profile> {
      const row = await own(auth);
      const holder = await findUserBySegment(db, input.segment);
      if (holder && holder.id !== row.id) throw new ConflictError(PROFILE_MESSAGES.segmentTaken, 'segment');
      try {
        await db.transaction().execute(async (trx) => {
          await updateProfile(trx, row.id, row.segment, input);
          if (input.name !== row.name) await deps.onNameChanged?.(trx, row.id);
          await siteMeta.bumpContentVersion(trx);
        });
      } catch (err) {
        // Someone took the segment between the check and the write (users.segment is unique).
        if (isUniqueViolation(err, 'users')) throw new ConflictError(PROFILE_MESSAGES.segmentTaken, 'segment');
        throw err;
      }
      await siteMeta.contentVersion.refresh();
      return profileOf((await findUserById(db, row.id))!);
    },

    /** Queues the link to the new address with its row, in one transaction; the address changes only when it is followed. */
    async requestEmailChange(auth: AuthContext, rawEmail: string): Promise<string> {
      const row = await own(auth);
      const email = rawEmail.trim().toLowerCase();
      if (email === row.email) throw new InvalidInputError(PROFILE_MESSAGES.emailSame, 'email');
      if (await findUserByEmail(db, email)) throw new ConflictError(TEAM_MESSAGES.alreadyOnStaff, 'email');
      const token = newToken();
      await db.transaction().execute(async (trx) => {
        await insertEmailChange(trx, {
          tokenHash: hashToken(token),
          userId: row.id,
          email,
          expiresAt: at(EMAIL_CHANGE_TTL_MS),
        });
        await deps.mail.queue(
          emailChangeMail({
            to: email,
            link: `${deps.publicUrl}/admin/confirm-email/${token}`,
            name: row.name,
            siteName: deps.siteName,
            hours: EMAIL_CHANGE_TTL_MS / 3600_000,
          }),
          trx,
        );
      });
      deps.mail.kick();
      return PROFILE_MESSAGES.emailSent(email);
    },

    /** Follows a link: taken for its one use in the transaction that changes the address. */
    async confirmEmailChange(token: string, address?: string): Promise<string> {
      const tokenHash = hashToken(token);
      const change = token.length <= 200 ? await findEmailChange(db, tokenHash) : undefined;
      if (!change) throw new NotFoundError(PROFILE_MESSAGES.emailLinkNotFound);
      if (change.used_at) throw new GoneError(PROFILE_MESSAGES.emailLinkUsed);
      if (change.expires_at <= at(0)) throw new GoneError(PROFILE_MESSAGES.emailLinkExpired);
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await consumeEmailChange(trx, tokenHash, at(0)))) throw new GoneError(PROFILE_MESSAGES.emailLinkUsed);
          if (await findUserByEmail(trx, change.email)) throw new ConflictError(TEAM_MESSAGES.alreadyOnStaff);
          const before = await findUserById(trx, change.user_id);
          await setEmail(trx, change.user_id, change.email);
          if (before) {
            await deps.activity.record(trx, {
              action: 'email.changed',
              actor: { id: before.id, name: before.name || before.email, address },
              target: { type: 'person', id: before.id, label: before.name || before.email },
              detail: { from: before.email, to: change.email },
            });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(TEAM_MESSAGES.alreadyOnStaff);
        throw err;
      }
      return PROFILE_MESSAGES.emailChanged(change.email);
    },

    /** People's names by id, read in the caller's transaction (bylines show them; the search index holds them). */
    async namesIn(trx: Db, ids: readonly string[]): Promise<Map<string, string>> {
      return new Map((await findUsersByIds(trx, ids)).map((row) => [row.id, row.name]));
    },

    /**
     * The team as the site export holds it (docs/decisions/0039-export.md): who each person is in public and
     * the e-mail that maps them back; never a password hash, a session, a factor or a pending e-mail change.
     */
    async exportAuthors(): Promise<ExportedAuthor[]> {
      return (await listUsers(db)).map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        segment: row.segment,
        bio: row.bio,
        website: row.website,
        avatar: row.avatar,
        role: row.role,
        status: row.status,
        createdAt: row.created_at,
      }));
    },

    /**
     * The people of a restored site export (docs/decisions/0039-export.md): someone whose e-mail is already a
     * person here is that person (their public profile taken from the archive); anyone else comes in with
     * their id and no usable password (they choose one with "Forgot password"). Nobody becomes the Owner:
     * the site has one, who restores it. Answers each exported id's person here.
     */
    async importPeople(trx: Db, people: readonly ExportedAuthor[]): Promise<Map<string, string>> {
      const here = new Map((await listUsers(trx)).map((row) => [row.email.toLowerCase(), row.id]));
      const map = new Map<string, string>();
      for (const person of people) {
        const existing = here.get(person.email.toLowerCase());
        if (existing) {
          await setPublicProfile(trx, existing, person);
          map.set(person.id, existing);
          continue;
        }
        const passwordHash = await hashPassword(generatePassword());
        await insertImportedUser(trx, {
          ...person,
          role: person.role === 'owner' ? 'administrator' : person.role,
          passwordHash,
        });
        map.set(person.id, person.id);
      }
      return map;
    },

    /** How many people the site has (whether it is still new). */
    countPeople: async () => (await listUsers(db)).length,

    /** Active people, for choosing a post's authors. */
    async activePeople(): Promise<Array<{ _id: string; name: string }>> {
      return (await listUsers(db))
        .filter((row) => row.status === 'active')
        .map((row) => ({ _id: row.id, name: row.name || row.email }));
    },

    /** Of these ids, those of active people. */
    async activeAmong(ids: readonly string[]): Promise<Set<string>> {
      return new Set((await findUsersByIds(db, ids)).filter((r) => r.status === 'active').map((r) => r.id));
    },

    /** Names of these people by id (the admin's byline); an id of no one is left out. */
    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      return new Map((await findUsersByIds(db, ids)).map((row) => [row.id, row.name || row.email]));
    },

    /** Public bylines of these people, in the order given. */
    async publicAuthors(ids: readonly string[]): Promise<PublicAuthor[]> {
      const rows = new Map((await findUsersByIds(db, ids)).map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [publicAuthorOf(row)] : [];
      });
    },

    /** Ids of the active people whose name contains `search` (the navigation's author picker). */
    async authorChoices(search: string): Promise<string[]> {
      const key = search.toLowerCase();
      return (await listUsers(db))
        .filter((row) => row.status === 'active' && row.name.toLowerCase().includes(key))
        .map((row) => row.id);
    },

    /** Names and author-page segments of these people (the navigation's author links); no one: left out. */
    async authorPages(ids: readonly string[]): Promise<Map<string, { name: string; segment: string }>> {
      if (!ids.length) return new Map();
      return new Map((await findUsersByIds(db, ids)).map((row) => [row.id, { name: row.name, segment: row.segment }]));
    },

    /** The person of an author page, where their page moved to, or nothing. */
    async authorBySegment(segment: string): Promise<{ id: string; author: PublicAuthor } | { movedTo: string } | null> {
      const key = segment.toLowerCase();
      if (key.length > 60) return null;
      const row = await findUserBySegment(db, key);
      if (row) return key === segment ? { id: row.id, author: publicAuthorOf(row) } : { movedTo: row.segment };
      const movedId = await findAuthorRedirect(db, key);
      const moved = movedId ? await findUserById(db, movedId) : undefined;
      return moved ? { movedTo: moved.segment } : null;
    },

    /** Segments of these people (the sitemap's author pages). */
    async segmentsOf(ids: readonly string[]): Promise<string[]> {
      return (await findUsersByIds(db, ids)).map((row) => row.segment).sort();
    },

    pruneExpired: () => deleteStaleEmailChanges(db),
  };
}
