import { sql } from 'kysely';
import type { Role } from '#shared/roles.ts';
import { newId } from '#server/db/database.ts';
import { api, type Api } from './api';
import { createUser, loginToken } from './auth';
import { SEEDED_ADMIN, unique } from './factories';
import type { TestApp } from './test-app';

/** A person on the staff, signed in: their id, credentials, token and the calls with that token. */
export interface Member {
  id: string;
  role: Role;
  email: string;
  password: string;
  token: string;
  api: Api;
}

export const MEMBER_PASSWORD = 'member-secret';

/** Signs a person in again (after something ended their sessions). */
export async function signIn(t: TestApp, member: Omit<Member, 'token' | 'api'>): Promise<Member> {
  const token = await loginToken(t, member.email, member.password);
  return { ...member, token, api: api(t, { token }) };
}

/** A new account of this role (the seeded Owner for 'owner'), signed in. */
export async function createMember(t: TestApp, role: Role, label: string = role): Promise<Member> {
  if (role === 'owner') {
    const row = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', SEEDED_ADMIN.email)
      .executeTakeFirstOrThrow();
    return signIn(t, { id: row.id, role, email: SEEDED_ADMIN.email, password: SEEDED_ADMIN.password });
  }
  const email = `${unique(label)}@example.com`.toLowerCase();
  const id = await createUser(t, email, MEMBER_PASSWORD, `${label} person`, role);
  return signIn(t, { id, role, email, password: MEMBER_PASSWORD });
}

/** How many accounts have this role (the Owner: always exactly one). */
export async function countRole(t: TestApp, role: Role): Promise<number> {
  const row = await t.services.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Posts (published, uncategorized) written straight into the database with `authorId` as their author. */
export async function insertPosts(t: TestApp, authorId: string, count: number): Promise<string[]> {
  const at = new Date().toISOString();
  const ids: string[] = [];
  const prefix = unique('bulk');
  for (let start = 0; start < count; start += 200) {
    const batch = Array.from({ length: Math.min(200, count - start) }, (_, i) => {
      const id = newId();
      ids.push(id);
      return {
        id,
        title: `${prefix} ${start + i}`,
        excerpt: 'Excerpt',
        content: '<p>Text</p>',
        feature_image: '',
        category_id: null,
        slug: `${prefix}-${start + i}`,
        created_at: at,
        updated_at: at,
        status: 'published' as const,
        published_at: at,
      };
    });
    await t.services.db.transaction().execute(async (trx) => {
      await trx.insertInto('blog_posts').values(batch).execute();
      await trx
        .insertInto('post_authors')
        .values(batch.map((post) => ({ post_id: post.id, user_id: authorId, position: 0 })))
        .execute();
    });
  }
  return ids;
}

/** Rows of post_authors per person. */
export async function authorLines(t: TestApp, userId: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('post_authors')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Posts with no line in post_authors. */
export async function postsWithoutAuthor(t: TestApp): Promise<number> {
  const row = await t.services.db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('id', 'not in', (eb) => eb.selectFrom('post_authors').select('post_id'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tables whose rows change without anyone asking (sessions, the job runner's and the mail worker's bookkeeping). */
const RESTLESS_TABLES = new Set(['sessions', 'job_runs', 'mail_outbox', 'kysely_migration', 'kysely_migration_lock']);
/** Columns that change on every request or by the workers. */
const RESTLESS_COLUMNS = new Set(['last_seen_at']);

/**
 * The whole stored state (but for what changes on its own), as text: equal before and after a request
 * that changed nothing. The outbox counts only by its rows.
 */
export async function databaseState(t: TestApp): Promise<string> {
  const { db } = t.services;
  // Read next is recomputed in the background after each blog write (server/modules/blog/related.ts): let
  // the refresh that the example's own writes started finish, or it lands between two snapshots.
  await t.services.blog.refreshRelated();
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  const state: Record<string, unknown> = {};
  for (const table of tables) {
    if (table === 'mail_outbox') {
      state[table] = (await sql<{ id: string }>`select id from mail_outbox order by id`.execute(db)).rows;
      continue;
    }
    if (RESTLESS_TABLES.has(table)) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    state[table] = rows
      .map((row) =>
        JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !RESTLESS_COLUMNS.has(column)))),
      )
      .sort();
  }
  return JSON.stringify(state);
}

/** The id of an upload by its URL. */
export async function uploadIdOf(t: TestApp, url: string): Promise<string> {
  const row = await t.services.db.selectFrom('uploads').select('id').where('url', '=', url).executeTakeFirstOrThrow();
  return row.id;
}

/** A contact message, as the form would leave it. */
export async function insertMessage(t: TestApp): Promise<string> {
  const id = newId();
  await t.services.db
    .insertInto('contact_messages')
    .values({
      id,
      name: 'Visitor',
      email: 'visitor@example.com',
      message: 'Hello',
      ip: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}
