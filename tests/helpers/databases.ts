import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config.ts';

/**
 * The databases API tests run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets
 * it). Each test app gets a database of its own, dropped afterwards.
 */
export const DATABASE_KINDS: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * The PostgreSQL server tests create their databases on: TEST_DATABASE_URL's, else the local one the
 * machines of this project run (tests that always need PostgreSQL, such as backups and the nginx cluster).
 */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createTestDatabase(
  kind: 'sqlite' | 'postgres',
  dataDir: string,
): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (kind === 'sqlite') return { config: { kind: 'sqlite', file: `${dataDir}/test.db` }, drop: async () => {} };
  const adminUrl = POSTGRES_ADMIN_URL;
  const name = `site_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
