import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentVersion } from '#server/modules/site-meta/repository.ts';
import { bearer, loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Every write that changes public pages bumps the content version that keys page caches, in one
 * statement: concurrent edits never lose a bump (a read-then-write raised it by 8 for 12 edits).
 */
describe.each(DATABASE_KINDS)('content version on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = await loginToken(t);
  });
  afterAll(() => t.close());

  it('50 concurrent edits raise the version by 50', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/get-content' })).json();
    const social = data.social;
    const before = await readContentVersion(t.services.db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/social/update',
          headers: bearer(token),
          payload: { ...social, id: social._id, github_link: `https://github.com/edit-${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await readContentVersion(t.services.db)).toBe(before + 50);
  });
});
