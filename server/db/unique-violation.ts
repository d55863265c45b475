/**
 * Whether a write failed on a unique key: a race another writer won between our check and our insert
 * (PostgreSQL's 23505, SQLite's constraint codes). `on`, when given, names the index, or the table whose
 * unique keys count (`blog_categories`): PostgreSQL names a column's key `<table>_<column>_key`, SQLite's
 * message says `<table>.<column>` or `index '<name>'`.
 */
export function isUniqueViolation(err: unknown, on?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code === '23505') return !on || (e.constraint ?? '').startsWith(on);
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return !on || (e.message ?? '').includes(on);
  }
  return false;
}
