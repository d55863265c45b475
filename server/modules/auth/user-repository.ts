import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(db: Db, user: { email: string; name: string; passwordHash: string }) {
  const at = now();
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: user.email.toLowerCase(),
      name: user.name,
      password_hash: user.passwordHash,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now() }).where('id', '=', id).execute();
}
