import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '#server/db/database.ts';
import { deleteSaltsBefore, insertSaltIfNew, readSalt } from './repository';

/**
 * The visitor of an event (docs/decisions/0040-analytics.md): 16 hex characters of SHA-256 over the day's
 * salt, the site, the address and the browser string. The salt is stored, so a restarted process and every
 * other process make the same hash for the same person on the same day; it is deleted after two days, so
 * nobody (not even the site's owner) can link a stored hash to an address once the day is over.
 */
export function createVisitorHasher(deps: { db: Db; site: string }) {
  const { db, site } = deps;
  const salts = new Map<string, Promise<string>>();

  async function load(day: string): Promise<string> {
    const stored = await readSalt(db, day);
    if (stored) return stored;
    await insertSaltIfNew(db, day, randomBytes(32).toString('hex'));
    const salt = await readSalt(db, day);
    if (!salt) throw new Error(`the analytics salt of ${day} could not be read back`);
    return salt;
  }

  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      salt = load(day);
      salts.set(day, salt);
      // A failed read is asked again by the next event, not kept.
      salt.catch(() => salts.delete(day));
      // Only today's (and, around midnight, yesterday's) are needed.
      for (const kept of salts.keys()) if (kept < day && salts.size > 2) salts.delete(kept);
    }
    return salt;
  }

  return {
    async hash(day: string, address: string, userAgent: string): Promise<string> {
      const salt = await saltOf(day);
      return createHash('sha256').update(`${salt}\n${site}\n${address}\n${userAgent}`).digest('hex').slice(0, 16);
    },
    /** Deletes the salts older than `keepFrom` (yesterday: today's and yesterday's stay). */
    async prune(keepFrom: string): Promise<void> {
      await deleteSaltsBefore(db, keepFrom);
      for (const day of salts.keys()) if (day < keepFrom) salts.delete(day);
    },
  };
}
