// `npm run bench:related [-- --posts 10000]`: seeds a SQLite site with that many published posts of about
// 800 words, three of 60 tags each, then times what Read next costs (docs/decisions/0024-tags-and-read-next.md):
// a post's save (marking it stale is in the save's transaction), one refresh after a save (its list and
// those of the posts sharing its tags), and the daily sweep of every list. A benchmark, not a test.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { boot } from '#server/boot.ts';
import { loadConfig } from '#server/config.ts';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '10000' } } });
const POSTS = Number(values.posts);
const TAGS = 60;
const CONTENT = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(100)}</p>`;
const iso = (ms: number) => new Date(Date.UTC(2020, 0, 1) + ms).toISOString();

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-related-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-secret',
  LOG_LEVEL: 'silent',
});
const { db, services } = await boot(config, { log: pino({ level: 'silent' }) as never });
const { blog } = services;

await db.transaction().execute(async (trx) => {
  for (let t = 0; t < TAGS; t++) {
    const at = iso(0);
    await trx
      .insertInto('blog_tags')
      .values({
        id: `tag-${t}`,
        name: `Topic ${t}`,
        name_key: `topic ${t}`,
        slug: `Topic-${t}`,
        slug_key: `topic-${t}`,
        description: '',
        meta_title: '',
        meta_description: '',
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  for (let i = 0; i < POSTS; i += 500) {
    const rows = Array.from({ length: Math.min(500, POSTS - i) }, (_, j) => {
      const n = i + j;
      return {
        id: `bench-post-${String(n).padStart(7, '0')}`,
        title: `Bench post ${n} about topic ${n % 97}`,
        excerpt: `Excerpt of bench post ${n}`,
        content: CONTENT,
        feature_image: '',
        category_id: null,
        slug: `Bench-post-${n}`,
        status: 'published' as const,
        publish_at: null,
        published_at: iso(n * 60_000),
        created_at: iso(n * 60_000),
        updated_at: iso(n * 60_000),
        word_count: 800,
      };
    });
    await trx.insertInto('blog_posts').values(rows).execute();
    await trx
      .insertInto('post_tags')
      .values(
        rows.flatMap((row, j) =>
          [0, 1, 2].map((k) => ({ post_id: row.id, tag_id: `tag-${(i + j + k * 7) % TAGS}`, position: k })),
        ),
      )
      .execute();
  }
});
const ms = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
console.log(`${POSTS} posts, ${TAGS} tags, 3 tags a post (about ${Math.round((POSTS * 3) / TAGS)} posts a tag)`);
console.log(
  `sweep: every list computed: ${(
    await ms(async () => {
      await blog.sweepRelated();
    })
  ).toFixed(0)} ms`,
);
const saves: number[] = [];
const refreshes: number[] = [];
for (let i = 0; i < 20; i++) {
  const id = `bench-post-${String(i * 37).padStart(7, '0')}`;
  const post = await blog.getPost(id);
  saves.push(
    await ms(() =>
      blog.updatePost(id, {
        title: post.title,
        excerpt: post.excerpt,
        content: CONTENT,
        tags: ['Topic 1', `Topic ${i + 2}`],
      }),
    ),
  );
  refreshes.push(await ms(() => blog.refreshRelated()));
}
const p = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.ceil(q * list.length) - 1]!.toFixed(1);
console.log(`save (with its tags and its stale mark): p50 ${p(saves, 0.5)} ms, p99 ${p(saves, 0.99)} ms`);
console.log(
  `refresh after one save (its list and its tag neighbours'): p50 ${p(refreshes, 0.5)} ms, p99 ${p(refreshes, 0.99)} ms`,
);
await services.jobs.stop();
await services.mailWorker.stop();
await db.destroy();
await fs.rm(dataDir, { recursive: true, force: true });
