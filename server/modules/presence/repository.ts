import type { Db } from '#server/db/database.ts';

/** All SQL of presence: the `edit_presence` rows, one per open editor (docs/decisions/0031-presence.md). */

export interface PresenceBeat {
  subject: string;
  tab: string;
  userId: string;
  name: string;
  at: string;
  typed: boolean;
}

/** Inserts or refreshes one tab's row; `typed_at` moves only when the person typed since the last beat. */
export async function upsertBeat(db: Db, beat: PresenceBeat): Promise<void> {
  await db
    .insertInto('edit_presence')
    .values({
      subject: beat.subject,
      tab: beat.tab,
      user_id: beat.userId,
      name: beat.name,
      seen_at: beat.at,
      typed_at: beat.typed ? beat.at : null,
    })
    .onConflict((oc) =>
      oc
        .columns(['subject', 'tab'])
        .doUpdateSet({ seen_at: beat.at, name: beat.name, ...(beat.typed ? { typed_at: beat.at } : {}) })
        // A tab id belongs to whoever made it: another person's beat with the same id changes nothing.
        .where('edit_presence.user_id', '=', beat.userId),
    )
    .execute();
}

/** The other tabs with the subject open, heard of since `since`, the most recently seen first. */
export function othersOf(db: Db, subject: string, tab: string, since: string) {
  return db
    .selectFrom('edit_presence')
    .select(['user_id', 'name', 'seen_at', 'typed_at'])
    .where('subject', '=', subject)
    .where('tab', '!=', tab)
    .where('seen_at', '>=', since)
    .orderBy('seen_at', 'desc')
    .limit(20)
    .execute();
}

export async function deleteTab(db: Db, subject: string, tab: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('edit_presence')
    .where('subject', '=', subject)
    .where('tab', '=', tab)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Rows not heard of since `before`: closed editors. */
export async function deleteStale(db: Db, before: string): Promise<void> {
  await db.deleteFrom('edit_presence').where('seen_at', '<', before).execute();
}
