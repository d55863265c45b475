/**
 * `npm run admin -- --email owner@example.com [--password secret] [--name "Jane Doe"] [--owner] [--reset-factors]`
 * Creates an account, or resets its password when it exists, and ends its sessions: for an owner who has
 * lost both the password and the mailbox. `--reset-factors` also removes the account's second factors
 * (authenticator app, recovery codes) for someone who lost them all: the one way back that needs no
 * e-mail and no code, because it needs the server (docs/product.md#recovery). Without --password one is generated and printed. A new account
 * is the Owner when the site has none, else an Administrator; `--owner` makes the account the Owner (the
 * one before becomes an Administrator) and active again if it was suspended.
 * Uses the same configuration (DATABASE_URL, DATA_DIR) as the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { createDb, forLongWork } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { generatePassword, hashPassword } from '#server/modules/auth/password.ts';
import { removeSecondFactors } from '#server/modules/auth/second-factor.ts';
import { revokeUserSessions } from '#server/modules/auth/session-repository.ts';
import {
  findOwner,
  findUserByEmail,
  insertUser,
  makeOwner,
  updatePasswordHash,
} from '#server/modules/auth/user-repository.ts';
import { MIN_PASSWORD_LENGTH } from '#shared/messages.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    owner: { type: 'boolean' },
    'reset-factors': { type: 'boolean' },
  },
});
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error(
    'Usage: npm run admin -- --email owner@example.com [--password secret] [--name "Jane Doe"] [--owner] [--reset-factors]',
  );
  process.exit(2);
}
if (values.password !== undefined && values.password.length < MIN_PASSWORD_LENGTH) {
  console.error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  process.exit(2);
}

const config = loadConfig();
// A command line tool: its statements are not cut at a request's deadline.
const db = createDb(forLongWork(config.database));
try {
  await migrateToLatest(db);
  const password = values.password ?? generatePassword();
  const hash = await hashPassword(password);
  const existing = await findUserByEmail(db, values.email);
  let id: string;
  if (existing) {
    id = existing.id;
    await updatePasswordHash(db, existing.id, hash);
    if (values['reset-factors']) {
      await removeSecondFactors(db, existing.id);
      console.log(
        `Second factors of ${existing.email} removed: it signs in with the password alone until it sets one up.`,
      );
    }
    await revokeUserSessions(db, existing.id);
    console.log(`Password of ${existing.email} reset; all of its sessions ended.`);
  } else {
    const role = values.owner || !(await findOwner(db)) ? 'owner' : 'administrator';
    // A new Owner is written by makeOwner below (the one-Owner index allows one at a time).
    id = await insertUser(db, {
      email: values.email,
      name: values.name ?? 'Administrator',
      passwordHash: hash,
      role: 'administrator',
    });
    if (role === 'administrator') console.log(`Administrator ${values.email.toLowerCase()} created.`);
    else values.owner = true;
  }
  if (values.owner) {
    await db.transaction().execute((trx) => makeOwner(trx, id));
    console.log(`${values.email.toLowerCase()} is the Owner.`);
  }
  if (!values.password) console.log(`Password: ${password}`);
} finally {
  await db.destroy();
}
