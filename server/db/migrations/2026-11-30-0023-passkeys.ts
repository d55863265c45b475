import type { Kysely } from 'kysely';

/**
 * Passkeys (docs/decisions/0022-passkeys.md): up to 10 named WebAuthn credentials per person, and the
 * challenges of ceremonies in progress, kept in the database so that a ceremony begun on one process can
 * be finished on another. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The authenticator's credential id, base64url (at most 1023 bytes by the WebAuthn spec).
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    // The COSE public key, base64url.
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The signature counter (0 for authenticators that do not count); up to 2^32 - 1.
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('backup_eligible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    // The challenge itself (base64url of 32 random bytes): single use, taken by deleting its row.
    .addColumn('challenge', 'varchar(128)', (c) => c.primaryKey())
    // register | sign-in | second-step | reauth
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // Whose ceremony it is; none for a sign-in, where the passkey says who it is.
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expires_idx')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
