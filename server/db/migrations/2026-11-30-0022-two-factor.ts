import type { Kysely } from 'kysely';

/**
 * Second factors (docs/decisions/0021-two-factor-and-recovery.md): a person's authenticator secret
 * (encrypted, with the last time step accepted so a code is never taken twice), their single-use recovery
 * codes (hashed), the short-lived tickets of the second step of sign-in (hashed), and the Owner's
 * two-factor requirement (one row). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM of the base32 secret (server/modules/auth/secret-box.ts); the key is never in the database.
    .addColumn('secret', 'text', (c) => c.notNull())
    // Null while set-up waits for the first code: the secret is then not a factor yet.
    .addColumn('confirmed_at', 'varchar(32)')
    // The time step of the last code accepted; only a later one is accepted next (0: none yet).
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of the user id and the code; the code itself is shown once and never stored.
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_idx')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('second_step_tickets')
    // SHA-256 of the ticket the browser holds between the password and the second step.
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('security_policy')
    // Always 'site': one row, read on every check so every process agrees at once.
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    // 'off', 'staff' (Owner, Administrators and Editors) or 'everyone'.
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('grace_days', 'integer', (c) => c.notNull())
    .addColumn('set_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('set_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_policy').execute();
  await db.schema.dropTable('second_step_tickets').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('totp_factors').execute();
}
