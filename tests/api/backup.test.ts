import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '#server/backup/manifest.ts';
import { restoreBackup } from '#server/backup/restore.ts';
import { searchTermsOf } from '#server/modules/blog/search-query.ts';
import { searchPostIds } from '#server/modules/blog/search-repository.ts';
import { loadConfig, type DatabaseConfig } from '#server/config.ts';
import { createDb, type Db } from '#server/db/database.ts';
import { openStorage } from '#server/lib/storage/open.ts';
import type { FileStorage } from '#server/lib/storage/storage.ts';
import { createTestDatabase } from '#tests/helpers/databases.ts';
import { image } from '#tests/helpers/images.ts';
import { startS3, type S3Sink } from '#tests/helpers/s3.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createSubscriber, createUpload, loggedInAdmin } from '#tests/helpers/factories.ts';

/**
 * `npm run backup` and `npm run restore` (docs/decisions/0015-backups-and-deployment.md), run as the
 * operator runs them: a backup of a live site restored into an empty database and storage gives the same
 * rows and the same image bytes, on SQLite and PostgreSQL (always: on TEST_DATABASE_URL's server or the
 * local one), from and into the disk and a bucket; a target that is not empty is refused.
 */
const run = promisify(execFile);

type Kind = 'sqlite' | 'postgres';
type StorageKind = 'disk' | 's3';

/** The environment of a site: its data folder, its database and its storage. */
function siteEnv(dataDir: string, database: DatabaseConfig, s3?: S3Sink): Record<string, string> {
  return {
    PATH: process.env.PATH!,
    LOG_LEVEL: 'silent',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    DATA_DIR: dataDir,
    DATABASE_URL: database.kind === 'postgres' ? database.url : database.file,
    ...s3?.env,
  };
}

const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], { env });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 0, stderr: '' }),
    (err: { code: number; stderr: string }) => err,
  );

/** Tables whose rows must come back identical (ordered, so two databases compare as lists). */
const TABLES = [
  'content_sections',
  'content_fields',
  'content_items',
  'blog_categories',
  'blog_posts',
  'post_search',
  'subscribers',
  'uploads',
  'users',
] as const;

async function rowsOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
  return rows.map((row) => JSON.stringify(row)).sort();
}

async function bytesOf(storage: FileStorage, name: string): Promise<Buffer | null> {
  const file = await storage.get(name);
  return file ? buffer(file.body) : null;
}

async function storedNames(storage: FileStorage): Promise<string[]> {
  const names: string[] = [];
  for await (const name of storage.list()) names.push(name);
  return names.sort();
}

/** A site's own additions beyond the seed: subscribers and one uploaded image. */
async function addContent(t: TestApp, count: number, tag: string) {
  const admin = await loggedInAdmin(t);
  for (let i = 0; i < count; i++) {
    await createSubscriber(admin, `reader.${tag}.${i}@example.com`, { source: 'Backup test' });
  }
  await createUpload(admin, { data: await image('png', 300, 200), filename: 'backup.png' });
}

/** An empty place to restore into: a data folder, a database, and a bucket when asked. */
async function emptyTarget(kind: Kind, storage: StorageKind) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-restore-'));
  const database = await createTestDatabase(kind, dataDir);
  const s3 = storage === 's3' ? await startS3('restored-media') : undefined;
  return {
    dataDir,
    database,
    s3,
    env: siteEnv(dataDir, database.config, s3),
    storage: openStorage(
      s3 ? { kind: 's3', settings: settingsOf(s3) } : { kind: 'disk', root: path.join(dataDir, 'uploads') },
    ),
    async close() {
      await database.drop();
      await s3?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

function settingsOf(s3: S3Sink) {
  return {
    bucket: s3.env.S3_BUCKET!,
    endpoint: s3.env.S3_ENDPOINT,
    region: s3.env.S3_REGION!,
    accessKeyId: s3.env.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
}

const CASES: Array<{ kind: Kind; from: StorageKind; to: StorageKind }> = [
  { kind: 'sqlite', from: 'disk', to: 'disk' },
  { kind: 'sqlite', from: 's3', to: 'disk' },
  { kind: 'postgres', from: 'disk', to: 's3' },
  { kind: 'postgres', from: 's3', to: 's3' },
];

describe.each(CASES)('backup and restore on $kind, uploads from $from into $to', ({ kind, from, to }) => {
  let source: TestApp;
  let sourceS3: S3Sink | undefined;
  let target: Awaited<ReturnType<typeof emptyTarget>>;
  let workDir: string;
  let archive: string;

  beforeAll(async () => {
    sourceS3 = from === 's3' ? await startS3() : undefined;
    source = await buildTestApp(kind, { env: sourceS3?.env ?? {} });
    await addContent(source, 3, kind + from);
    target = await emptyTarget(kind, to);
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-backups-'));
    archive = path.join(workDir, 'site.tar.gz');
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    await sourceS3?.close();
    await target?.close();
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it('writes one archive and restores it into an empty target with the same rows and image bytes', async () => {
    const backup = await cli('backup', ['--out', archive], siteEnv(source.dataDir, source.config.database, sourceS3));
    expect(backup.stdout).toContain(`Backup written to ${archive}: ${kind} database`);
    const restore = await cli('restore', [archive], target.env);
    expect(restore.stdout).toContain(`${kind} database`);

    const before = createDb(source.config.database);
    const after = createDb(target.database.config);
    try {
      for (const table of TABLES) {
        const rows = await rowsOf(before, table);
        if (table !== 'content_fields') expect(rows.length, table).toBeGreaterThan(0);
        expect(await rowsOf(after, table), table).toEqual(rows);
      }
    } finally {
      await before.destroy();
      await after.destroy();
    }
    const names = await storedNames(source.services.storage);
    expect(names.length).toBeGreaterThan(15);
    expect(await storedNames(target.storage)).toEqual(names);
    for (const name of names) {
      const original = await bytesOf(source.services.storage, name);
      expect((await bytesOf(target.storage, name))?.equals(original!), name).toBe(true);
    }
  }, 120_000);

  it('writes the archive for its owner alone (0600), in a folder of its own making (0700), whatever the umask', async () => {
    const out = path.join(workDir, 'made-by-backup', 'nested', 'private.tar.gz');
    await cli('backup', ['--out', out], siteEnv(source.dataDir, source.config.database, sourceS3));
    expect((await fs.stat(out)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.dirname(out))).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(workDir, 'made-by-backup'))).mode & 0o777).toBe(0o700);
  }, 120_000);

  it('refuses to restore into a database or storage that is not empty, and changes nothing', async () => {
    const subscribers = async (change?: (db: Db) => Promise<unknown>) => {
      // A connection per look: a SQLite restore puts a new file in place of the one an open connection holds.
      const db = createDb(target.database.config);
      try {
        await change?.(db);
        return await rowsOf(db, 'subscribers');
      } finally {
        await db.destroy();
      }
    };
    await subscribers((db) => db.deleteFrom('subscribers').execute());
    // The command itself once (its exit code and message); the function for the other cases.
    const refused =
      kind === 'sqlite' && from === 'disk'
        ? await failureOf(cli('restore', [archive], target.env))
        : await restoreBackup(loadConfig(target.env), archive, { force: false }).then(
            () => ({ code: 0, stderr: '' }),
            (err: Error) => ({ code: 1, stderr: `Restore failed: ${err.message}` }),
          );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Restore failed: Refusing to restore: the database');
    expect(refused.stderr).toContain('--force');
    expect(await subscribers()).toEqual([]);
    // --force replaces the database's tables with the archive's.
    await restoreBackup(loadConfig(target.env), archive, { force: true });
    expect(await subscribers()).toHaveLength(3);
    // The search index came back with it, ready to answer (SQLite's FTS5 table, PostgreSQL's vectors).
    const db = createDb(target.database.config);
    try {
      const found = await searchPostIds(db, searchTermsOf(['onboarding']), { kind: 'public' }, { offset: 0, limit: 5 });
      expect(found.total).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});

describe('a SQLite backup taken while the site writes', () => {
  let t: TestApp;
  let target: Awaited<ReturnType<typeof emptyTarget>>;
  let workDir: string;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    target = await emptyTarget('sqlite', 'disk');
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-backups-'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await target?.close();
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it('is one consistent moment: the restored file is sound and holds exactly the rows its manifest counts', async () => {
    const admin = await loggedInAdmin(t);
    let writes = 0;
    let writing = true;
    // Subscribers are added one committed write after another for as long as the backup runs.
    const writer = (async () => {
      while (writing) {
        await createSubscriber(admin, `live.${writes}@example.com`, { source: 'Backup test' });
        writes++;
      }
    })();
    const archive = path.join(workDir, 'live.tar.gz');
    const startedAt = writes;
    try {
      await cli('backup', ['--out', archive], siteEnv(t.dataDir, t.config.database));
    } finally {
      writing = false;
      await writer;
    }
    expect(writes - startedAt).toBeGreaterThan(5); // the backup really ran while the site wrote

    const unpacked = path.join(workDir, 'unpacked');
    await fs.mkdir(unpacked);
    await extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(await fs.readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({ format: 1, database: { kind: 'sqlite', file: 'database/site.db' } });

    await cli('restore', [archive], target.env);
    const restored = createDb(target.database.config);
    try {
      const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(restored);
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
      const subscribers = await restored.selectFrom('subscribers').select('email').execute();
      expect(subscribers.length).toBe(manifest.database.counts.subscribers);
      expect(subscribers.length).toBeGreaterThan(0);
      expect(subscribers.length).toBeLessThanOrEqual(writes);
      // A prefix of what was written: live.0 … live.(n-1), nothing missing in between.
      const numbers = subscribers
        .flatMap((s) => /^live\.(\d+)@/.exec(s.email)?.[1] ?? [])
        .map(Number)
        .sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i));
    } finally {
      await restored.destroy();
    }
  }, 120_000);
});
