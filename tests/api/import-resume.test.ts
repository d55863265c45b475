import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * An import survives a kill (docs/decisions/0038-import.md): a process running an import of 120 posts is
 * killed with SIGKILL mid-way; the next process takes the job over once the lease runs out and finishes it
 * with every post made exactly once, no ledger line left pending, and the report complete.
 */
const POSTS = 120;

const child = (t: TestApp, file?: string): ChildProcess => {
  const script = `
    import fs from 'node:fs';
    import pino from 'pino';
    import { boot } from '#server/boot.ts';
    import { loadConfig } from '#server/config.ts';
    const env = JSON.parse(process.env.IMPORT_ENV);
    const config = { ...loadConfig(env.vars), database: env.database };
    const { services, db } = await boot(config, { log: pino({ level: 'silent' }) });
    if (env.file) {
      const owner = await db.selectFrom('users').select(['id', 'name']).where('role', '=', 'owner').executeTakeFirstOrThrow();
      async function* parts() { yield { field: 'file', fileName: 'big.xml', stream: fs.createReadStream(env.file) }; }
      const actor = { id: owner.id, name: owner.name };
      const made = await services.imports.upload(parts(), actor);
      await services.imports.start(made._id, { authors: [], clash: 'skip', subscribersOptedIn: false }, actor);
      console.log('started ' + made._id);
    }
    services.importRunner.start();
    // A site's process is held alive by its HTTP server; this one has none, and the runner's timer is unref'd.
    setInterval(() => {}, 1000);
    console.log('running');`;
  const env = {
    vars: {
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'error',
      IMPORT_LEASE_MS: '1500',
      ADMIN_PASSWORD: 'admin-secret',
    },
    database: t.config.database,
    file,
  };
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, IMPORT_ENV: JSON.stringify(env) },
    // The processes' errors (a failed claim, a failed job) are in the test's output.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
};

describe.each(DATABASE_KINDS)('an import killed mid-way on %s', (kind) => {
  let t: TestApp;
  let file: string;
  const children: ChildProcess[] = [];
  // A site of its own for each run: a retry must not find the last run's import still holding the site.
  beforeEach(async () => {
    t = await buildTestApp(kind);
    file = path.join(t.dataDir, 'big.xml');
    await promisify(execFile)(process.execPath, ['scripts/make-wxr.mjs', '--posts', String(POSTS), '--out', file]);
  });
  afterEach(async () => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    await t?.close();
  });

  const count = async (table: 'blog_posts' | 'import_items', where?: [string, string]) => {
    let query = t.services.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    if (where) query = query.where(where[0] as never, '=', where[1] as never);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('is finished by the next process with every post made exactly once', { timeout: 300_000 }, async () => {
    const postsBefore = await count('blog_posts');
    const first = child(t, file);
    children.push(first);
    const id = await new Promise<string>((resolve, reject) => {
      first.stdout!.on('data', (d: Buffer) => {
        const match = /started (\S+)/.exec(d.toString());
        if (match) resolve(match[1]!);
      });
      first.on('exit', (code) => reject(new Error(`import process exited early (${code})`)));
    });
    // Killed once some posts, but not all, are in.
    for (;;) {
      const made = (await count('blog_posts')) - postsBefore;
      if (made >= 20) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.kill('SIGKILL');
    await new Promise((resolve) => first.on('exit', resolve));
    const atKill = (await count('blog_posts')) - postsBefore;
    expect(atKill).toBeLessThan(POSTS);

    const second = child(t);
    children.push(second);
    let exited: number | null = null;
    second.on('exit', (code) => (exited = code ?? -1));
    for (let i = 0; ; i++) {
      if (exited !== null) throw new Error(`the process that should resume the import exited (${exited})`);
      const row = await t.services.db
        .selectFrom('imports')
        .select(['status', 'error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.status === 'done') break;
      expect(row.status, row.error ?? '').not.toBe('failed');
      if (i > 2400) throw new Error('the import was not resumed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    second.kill('SIGKILL');
    expect((await count('blog_posts')) - postsBefore).toBe(POSTS);
    const pending = await t.services.db
      .selectFrom('import_items')
      .select('source_key')
      .where('import_id', '=', id)
      .where('outcome', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
    const posts = await t.services.db
      .selectFrom('import_items')
      .select('target_id')
      .where('import_id', '=', id)
      .where('target_kind', '=', 'post')
      .where('outcome', '=', 'created')
      .execute();
    expect(new Set(posts.map((p) => p.target_id)).size).toBe(POSTS);
  });
});
