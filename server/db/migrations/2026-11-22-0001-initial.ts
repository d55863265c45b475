import type { Kysely } from 'kysely';

/** Frozen once landed: later changes go in a new, later-dated migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_sections')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content_fields')
    .addColumn('section_id', 'varchar(36)', (c) => c.notNull().references('content_sections.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_fields_pk', ['section_id', 'name'])
    .execute();

  await db.schema
    .createTable('content_items')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('section_id', 'varchar(36)', (c) => c.notNull().references('content_sections.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('product_link', 'text')
    .addColumn('modal_description', 'text')
    .addColumn('modal_img', 'text')
    .addUniqueConstraint('content_items_position_uq', ['section_id', 'position'])
    .execute();

  await db.schema
    .createTable('site_meta')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(201)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').column('created_at').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('headers', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('mime_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'uploads',
    'mail_outbox',
    'contact_messages',
    'users',
    'site_meta',
    'content_items',
    'content_fields',
    'content_sections',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
