/**
 * Whether a write failed on a unique key: a race another writer won between our check and our insert
 * (PostgreSQL's 23505, SQLite's constraint codes). `index`, when given, must be the one that refused it.
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code === '23505') return !index || e.constraint === index;
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return !index || (e.message ?? '').includes(index);
  }
  return false;
}
