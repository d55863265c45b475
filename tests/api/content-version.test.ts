import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentVersion } from '#server/modules/site-meta/repository.ts';
import { loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as content from '#shared/api/content.ts';
import { api } from '#tests/helpers/api.ts';

/**
 * Every write that changes public pages bumps the content version that keys page caches, in one
 * statement: concurrent edits never lose a bump (a read-then-write raised it by 8 for 12 edits).
 */
describe.each(DATABASE_KINDS)('content version on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // The 50 edits queue on the version's one row; on a busy two-core machine the last waits longer than
    // the production statement deadline (4 s, server/db/deadlines.ts, tested in database-deadlines.test.ts),
    // which would answer it 503: this test is about the count, so it gets room.
    t = await buildTestApp(kind, { env: { DATABASE_QUERY_TIMEOUT_MS: '20000' } });
    token = await loginToken(t);
  });
  afterAll(() => t.close());

  it('50 concurrent edits raise the version by 50', async () => {
    const { data } = await api(t).call(content.getContent);
    const social = data.social;
    const before = await readContentVersion(t.services.db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(t).callRaw(content.sectionUpdates.social, {
          body: { ...social, id: social._id, github_link: `https://github.com/edit-${i}` },
          token,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await readContentVersion(t.services.db)).toBe(before + 50);
  });
});
