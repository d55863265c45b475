import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { boot } from '#server/boot.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import { withStartupLock } from '#server/db/startup-lock.ts';
import { createTestDatabase } from '#tests/helpers/databases.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';

/**
 * Start-up of several processes at once (docs/decisions/0009-many-processes.md): the seed runs under a
 * lock, so two processes that find one empty database fill it once; a process killed while holding the
 * lock does not keep the others waiting.
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sharedDatabase(kind: 'sqlite' | 'postgres'): Promise<Config> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-lock-'));
  const database = await createTestDatabase(kind, dataDir);
  cleanups.push(async () => {
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ADMIN_PASSWORD: 'admin-secret', LOG_LEVEL: 'silent' }),
    database: database.config,
  };
}

const silent = pino({ level: 'silent' }) as never;

describe.each(DATABASE_KINDS)('start-up lock on %s', (kind) => {
  it('lets one holder in at a time', async () => {
    const config = await sharedDatabase(kind);
    // Two handles on the database, as two processes would have.
    const dbs = [createDb(config.database), createDb(config.database)];
    cleanups.push(async () => void (await Promise.all(dbs.map((db) => db.destroy()))));
    const events: string[] = [];
    const hold = (db: (typeof dbs)[number], name: string) =>
      withStartupLock(config.database, db, async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        events.push(`${name} out`);
      });
    await Promise.all([hold(dbs[0]!, 'a'), hold(dbs[1]!, 'b')]);
    expect(events).toHaveLength(4);
    expect(events[0]!.split(' ')[0]).toBe(events[1]!.split(' ')[0]);
    expect(events[2]!.split(' ')[0]).toBe(events[3]!.split(' ')[0]);
  });

  it('two processes booting together on an empty database seed it once', async () => {
    const config = await sharedDatabase(kind);
    const booted = await Promise.all([boot(config, { log: silent }), boot(config, { log: silent })]);
    cleanups.push(async () => {
      for (const { services, db } of booted) {
        await services.mailWorker.stop();
        await services.jobs.stop();
        await db.destroy();
      }
    });
    const db = booted[0]!.db;
    const sections = await db.selectFrom('content_sections').select(['kind']).execute();
    expect(sections.length).toBe(new Set(sections.map((s) => s.kind)).size);
    const users = await db.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).toEqual(['admin@example.com']);
    const posts = await db.selectFrom('blog_posts').select('slug').execute();
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.length).toBe(new Set(posts.map((p) => p.slug)).size);
    expect(await booted[1]!.services.content.getContent()).toEqual(await booted[0]!.services.content.getContent());
  });

  it('a process killed with SIGKILL while holding the lock does not block the next one', async () => {
    const config = await sharedDatabase(kind);
    const script = `
      import { createDb } from '#server/db/database.ts';
      import { withStartupLock } from '#server/db/startup-lock.ts';
      const config = JSON.parse(process.env.LOCK_DATABASE);
      await withStartupLock(config, createDb(config), async () => {
        console.log('holding');
        await new Promise(() => {});
      });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, LOCK_DATABASE: JSON.stringify(config.database) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('holding') && resolve());
      child.on('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));

    const db = createDb(config.database);
    cleanups.push(() => db.destroy());
    const started = Date.now();
    expect(await withStartupLock(config.database, db, async () => 'got it')).toBe('got it');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
