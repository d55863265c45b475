import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';

/**
 * Claims this period's run of a job: true for exactly one caller per period, however many processes ask
 * at once. The row is made on first use; the claim is one conditional UPDATE, so two processes cannot
 * both move `last_run_at` forward past the same old value.
 */
export async function claimJobRun(db: Db, name: string, everyMs: number): Promise<boolean> {
  await db
    .insertInto('job_runs')
    .values({ name, last_run_at: new Date(0).toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const dueBefore = new Date(Date.now() - everyMs).toISOString();
  const result = await db
    .updateTable('job_runs')
    .set({ last_run_at: now() })
    .where('name', '=', name)
    .where('last_run_at', '<=', dueBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
