import { spawn } from 'node:child_process';
import { BackupError } from './manifest';

/**
 * PostgreSQL's own dump and restore programs. The connection goes to them as libpq environment variables
 * taken from DATABASE_URL, never as arguments: a password in argv shows in every `ps` on the machine.
 */
export function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(url.hostname) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Custom format (compressed, restored table by table by pg_restore), from the exported snapshot. */
export function pgDump(databaseUrl: string, file: string, snapshot: string): Promise<void> {
  return run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-acl', `--snapshot=${snapshot}`, `--file=${file}`],
    databaseUrl,
  );
}

/** All or nothing (one transaction), stopping at the first error. */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  return run(
    'pg_restore',
    [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${libpqEnv(databaseUrl).PGDATABASE}`,
      file,
    ],
    databaseUrl,
  );
}

function run(program: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...libpqEnv(databaseUrl) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${program} was not found: install the PostgreSQL client programs (Debian: apt-get install postgresql-client) at the server's major version or newer.`
            : `${program} could not start: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${program} failed (exit code ${String(code)}):\n${stderr.trim()}`));
    });
  });
}
