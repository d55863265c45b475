import { sql, type Kysely } from 'kysely';

/**
 * A team instead of one shared account (docs/decisions/0018-roles-and-permissions.md): each account has a
 * role and a status, the two per-person switches, and when it was last seen; invitations; the
 * authors of each post; and who uploaded each image. The one account a site had becomes its Owner, and every post it holds becomes
 * that Owner's. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Least privilege for a row written without a role; every insert names one (user-repository.ts).
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('contributor'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema.alterTable('users').addColumn('last_seen_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('may_newsletter', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('category_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  // The first account is the Owner; a site never had more than one before this, but should it, the
  // others become Administrators (what they could do until now).
  const first = db
    .selectFrom('users' as never)
    .select('id' as never)
    .orderBy('created_at' as never)
    .orderBy('id' as never)
    .limit(1);
  await db
    .updateTable('users' as never)
    .set({ role: 'administrator' } as never)
    .execute();
  await db
    .updateTable('users' as never)
    .set({ role: 'owner' } as never)
    .where('id' as never, 'in', first)
    .execute();
  // Exactly one Owner: a second one cannot be written, whatever runs at the same moment.
  await db.schema
    .createIndex('users_one_owner_idx')
    .on('users')
    .column('role')
    .unique()
    .where(sql.ref('role'), '=', 'owner')
    .execute();

  await db.schema
    .createTable('staff_invites')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    // SHA-256 of the link's secret; the secret is only ever in the e-mail (or on the inviter's screen).
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('staff_invites_email_idx').on('staff_invites').column('email').execute();

  await db.schema
    .createTable('post_authors')
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    // No cascade: a person with posts cannot be deleted until they have been handed to someone.
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_authors_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('post_authors_user_idx').on('post_authors').columns(['user_id', 'post_id']).execute();
  // A reviewer's "Request changes" (docs/product.md#review), shown to the writer until the post is published.
  await db.schema.alterTable('blog_posts').addColumn('review_note', 'text').execute();
  await db.schema.alterTable('blog_posts').addColumn('review_by', 'varchar(200)').execute();
  await db.schema.alterTable('blog_posts').addColumn('review_at', 'varchar(32)').execute();
  // The note of a review step in the post's history.
  await db.schema.alterTable('revisions').addColumn('note', 'text').execute();
  await db.schema
    .createIndex('blog_posts_pending_idx')
    .on('blog_posts')
    .column('status')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  // Who did it (docs/product.md#team-and-roles): who put a post in the trash, who read a message, on
  // whose action a mail was sent; the person's name as it was then, like a revision's author.
  await db.schema.alterTable('blog_posts').addColumn('deleted_by', 'varchar(200)').execute();
  await db.schema.alterTable('contact_messages').addColumn('read_by', 'varchar(200)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('requested_by', 'varchar(200)').execute();

  // Who uploaded an image: Authors and Contributors see and change their own (null: before the team).
  await db.schema.alterTable('uploads').addColumn('uploaded_by', 'varchar(36)').execute();

  await sql`insert into post_authors (post_id, user_id, position)
    select p.id, u.id, 0 from blog_posts p cross join users u where u.role = 'owner'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('uploaded_by').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('requested_by').execute();
  await db.schema.alterTable('contact_messages').dropColumn('read_by').execute();
  await db.schema.alterTable('blog_posts').dropColumn('deleted_by').execute();
  await db.schema.dropIndex('blog_posts_pending_idx').execute();
  await db.schema.alterTable('revisions').dropColumn('note').execute();
  for (const column of ['review_at', 'review_by', 'review_note']) {
    await db.schema.alterTable('blog_posts').dropColumn(column).execute();
  }
  await db.schema.dropTable('post_authors').execute();
  await db.schema.dropTable('staff_invites').execute();
  await db.schema.dropIndex('users_one_owner_idx').execute();
  for (const column of ['category_ids', 'may_newsletter', 'last_seen_at', 'status', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
