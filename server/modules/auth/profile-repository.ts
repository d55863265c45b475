import { sql } from 'kysely';
import { segmentFromName, uniqueSegment } from '#shared/profile.ts';
import type { Role } from '#shared/roles.ts';
import type { ExportedAuthor } from '#shared/site-export.ts';
import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';

/** All SQL of profiles: the profile columns of users, author pages' old segments, e-mail change links. */

/** A segment made from the name that no one holds now or held before (an old one still redirects). */
export async function freeSegment(db: Db, name: string, excludeUserId?: string): Promise<string> {
  const base = segmentFromName(name);
  const like = `${base}%`;
  let current = db.selectFrom('users').select('segment').where('segment', 'like', like);
  if (excludeUserId) current = current.where('id', '!=', excludeUserId);
  const old = db.selectFrom('author_redirects').select('old_segment as segment').where('old_segment', 'like', like);
  const taken = new Set([...(await current.execute()), ...(await old.execute())].map((row) => row.segment));
  return uniqueSegment(base, taken);
}

export async function findUserBySegment(db: Db, segment: string) {
  return db.selectFrom('users').selectAll().where('segment', '=', segment).executeTakeFirst();
}

/** Whom an old segment belonged to (their page moved). */
export async function findAuthorRedirect(db: Db, segment: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('author_redirects')
    .select('user_id')
    .where('old_segment', '=', segment)
    .executeTakeFirst();
  return row?.user_id;
}

export interface ProfileWrite {
  name: string;
  segment: string;
  bio: string;
  avatar: string;
  website: string;
}

/**
 * Saves a profile; a changed segment leaves the old one redirecting to the person, and a segment the
 * person takes stops redirecting (whoever it belonged to).
 */
export async function updateProfile(trx: Db, id: string, oldSegment: string, profile: ProfileWrite): Promise<void> {
  if (oldSegment !== profile.segment) {
    await trx.deleteFrom('author_redirects').where('old_segment', 'in', [oldSegment, profile.segment]).execute();
    await trx
      .insertInto('author_redirects')
      .values({ old_segment: oldSegment, user_id: id, created_at: now() })
      .execute();
  }
  await trx
    .updateTable('users')
    .set({ ...profile, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** A new link for a new address; the person's earlier unused links stop working. */
export async function insertEmailChange(
  trx: Db,
  change: { tokenHash: string; userId: string; email: string; expiresAt: string },
): Promise<void> {
  await trx.deleteFrom('email_changes').where('user_id', '=', change.userId).where('used_at', 'is', null).execute();
  await trx
    .insertInto('email_changes')
    .values({
      token_hash: change.tokenHash,
      user_id: change.userId,
      email: change.email,
      created_at: now(),
      expires_at: change.expiresAt,
      used_at: null,
    })
    .execute();
  await trx.updateTable('users').set({ pending_email: change.email }).where('id', '=', change.userId).execute();
}

export async function findEmailChange(db: Db, tokenHash: string) {
  return db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Takes the link for its one use; false when another use (or its end) came first. */
export async function consumeEmailChange(trx: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('email_changes')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setEmail(trx: Db, id: string, email: string): Promise<void> {
  await trx.updateTable('users').set({ email, pending_email: null, updated_at: now() }).where('id', '=', id).execute();
}

/** Used and expired links more than a day old. */
export async function deleteStaleEmailChanges(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();
  await db
    .deleteFrom('email_changes')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('used_at', '<', dayAgo)]))
    .execute();
}

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Author pages' old segments, by segment, with the person's segment now (Settings → Redirects). */
export function listMovedAuthors(db: Db, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('author_redirects')
    .innerJoin('users', 'users.id', 'author_redirects.user_id')
    .select(['author_redirects.old_segment', 'author_redirects.created_at', 'users.segment']);
  if (search) {
    query = query.where(
      sql<string>`lower(author_redirects.old_segment)`,
      'like',
      sql<string>`${likeOf(search)} escape '\\'`,
    );
  }
  return query.orderBy('author_redirects.old_segment').limit(limit).execute();
}

export async function countMovedAuthors(db: Db, search: string | undefined): Promise<number> {
  let query = db.selectFrom('author_redirects').select((eb) => eb.fn.countAll<string | number>().as('n'));
  if (search) query = query.where(sql<string>`lower(old_segment)`, 'like', sql<string>`${likeOf(search)} escape '\\'`);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** A person of a restored site export, with their id and public profile (docs/decisions/0039-export.md). */
export async function insertImportedUser(
  trx: Db,
  user: ExportedAuthor & { passwordHash: string; role: Role },
): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email.toLowerCase(),
      name: user.name,
      segment: user.segment.toLowerCase(),
      bio: user.bio,
      website: user.website,
      avatar: user.avatar,
      password_hash: user.passwordHash,
      role: user.role,
      status: user.status,
      created_at: user.createdAt,
      updated_at: user.createdAt,
    })
    .execute();
}

/** Takes an exported person's public profile onto the person of this site with their e-mail. */
export async function setPublicProfile(
  trx: Db,
  id: string,
  profile: Pick<ExportedAuthor, 'name' | 'segment' | 'bio' | 'website' | 'avatar'>,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      name: profile.name,
      segment: profile.segment.toLowerCase(),
      bio: profile.bio,
      website: profile.website,
      avatar: profile.avatar,
    })
    .where('id', '=', id)
    .execute();
}
