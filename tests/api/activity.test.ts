import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

describe.each(DATABASE_KINDS)('activity log (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('records inside a transaction, folds failed sign-ins, and refuses edits', async () => {
    const { activity, db } = t.services;
    await db
      .transaction()
      .execute((trx) =>
        activity.record(trx, { action: 'settings.changed', actor: { id: 'a', name: 'Ann' }, address: '203.0.113.9' }),
      );
    await expect(
      db.transaction().execute(async (trx) => {
        await activity.record(trx, { action: 'post.deleted', actor: { id: 'a', name: 'Ann' } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    for (let i = 0; i < 3; i++) await activity.failedSignIn(db, { email: 'X@example.com', reason: 'unknown' });
    const { items } = await activity.list({ limit: 10 });
    expect(items.map((i) => [i.action, i.count, i.address])).toEqual([
      ['sign-in.failed', 3, ''],
      ['settings.changed', 1, '203.0.113.x'],
    ]);
    await expect(sql`update activity_log set actor_name = 'Eve'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update activity_log set count = 0`.execute(db)).rejects.toThrow(/append-only/);
  });
});
