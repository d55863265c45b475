import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp, type TestApp } from './tests/helpers/test-app';
import { DATABASE_KINDS } from './tests/helpers/databases';

describe.each(DATABASE_KINDS)('%s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(kind); });
  afterAll(async () => { await t?.close(); });
  it('case-variant category race', async () => {
    let both = 0;
    for (let i = 0; i < 10; i++) {
      const r = await Promise.allSettled([t.services.blog.saveCategory({ name: `Foo Bar${i}` } as never), t.services.blog.saveCategory({ name: `foo-bar${i}` } as never)]);
      if (r.every((x) => x.status === 'fulfilled')) both++;
    }
    const cats = (await t.services.blog.listCategories()).map((c) => c.slug ?? (c as any).name);
    console.log(kind, 'both created', both, cats.filter((s: string) => /bar/i.test(s)));
  });
});
