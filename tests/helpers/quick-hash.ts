import { randomBytes, scryptSync } from 'node:crypto';

/**
 * A password hash in the product's own format (server/modules/auth/password.ts: `scrypt$N$r$p$salt$key`)
 * with a small work factor. verifyPassword reads N, r and p from the stored hash (so that they can be raised
 * later), so a login against it runs the same code as against a production hash, in ~2 ms instead of
 * ~100-450 ms of CPU. Tests make thousands of logins (tests/api/admin-guard.test.ts alone ~900): with the
 * production factor they were a large share of the API suite's time on the 2-core CI machine
 * (docs/decisions/0026-fast-test-runs.md). Hashes the product writes itself (a changed or reset password, an
 * accepted invite, `npm run admin`) keep the production factor, and tests/unit/server-helpers.test.ts checks it.
 */
const QUICK = { N: 2 ** 10, r: 8, p: 1 };

export function quickPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, QUICK);
  return ['scrypt', QUICK.N, QUICK.r, QUICK.p, salt.toString('base64'), key.toString('base64')].join('$');
}
