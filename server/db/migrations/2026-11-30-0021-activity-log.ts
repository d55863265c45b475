import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The activity log (docs/decisions/0019-activity-log.md): who did what to what, when and from which
 * address prefix. Append-only: a trigger refuses any UPDATE but the count of a folded row (repeated failed
 * sign-ins of one e-mail within a minute), and only the retention job deletes rows. No foreign keys: a
 * row outlives the account that acted and the post it names. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(48)', (c) => c.notNull())
    // The person who acted and their name as it was then (null: nobody signed in, e.g. a failed sign-in).
    .addColumn('actor_id', 'varchar(36)')
    .addColumn('actor_name', 'varchar(200)')
    .addColumn('target_type', 'varchar(24)')
    .addColumn('target_id', 'varchar(36)')
    .addColumn('target_label', 'varchar(300)')
    // JSON of non-secret facts: the names of settings changed, a sign-in's method; never a secret value.
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    // An IPv4 /24 or IPv6 /48, never a whole address.
    .addColumn('ip_prefix', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    // Repeated failed sign-ins of one e-mail in one minute are one row: how many, and the last one's time.
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_at', 'varchar(32)', (c) => c.notNull())
    // Set only on a row that folds repeats (`minute|e-mail`); null elsewhere (nulls never collide).
    .addColumn('fold_key', 'varchar(400)', (c) => c.unique())
    .execute();
  // Newest first, paged by (at, id); per person (acting or acted on), per action.
  await db.schema.createIndex('activity_log_at_idx').on('activity_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('activity_log_actor_idx').on('activity_log').columns(['actor_id', 'at', 'id']).execute();
  await db.schema
    .createIndex('activity_log_target_idx')
    .on('activity_log')
    .columns(['target_id', 'at', 'id'])
    .execute();
  await db.schema.createIndex('activity_log_action_idx').on('activity_log').columns(['action', 'at', 'id']).execute();

  const frozen = ['id', 'at', 'action', 'actor_id', 'actor_name', 'target_type', 'target_id', 'target_label', 'detail']
    .concat(['ip_prefix', 'fold_key'])
    .join(', ');
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION activity_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'activity_log is append-only';
      END
      $$`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER activity_log_append_only BEFORE UPDATE OF ${frozen} ON activity_log
         FOR EACH ROW EXECUTE FUNCTION activity_log_append_only()`,
      )
      .execute(db);
    await sql`CREATE TRIGGER activity_log_count_grows BEFORE UPDATE OF count ON activity_log
      FOR EACH ROW WHEN (NEW.count < OLD.count) EXECUTE FUNCTION activity_log_append_only()`.execute(db);
  } else {
    await sql
      .raw(
        `CREATE TRIGGER activity_log_append_only BEFORE UPDATE OF ${frozen} ON activity_log
         BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END`,
      )
      .execute(db);
    await sql`CREATE TRIGGER activity_log_count_grows BEFORE UPDATE OF count ON activity_log
      WHEN NEW.count < OLD.count BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity_log').execute();
  if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS activity_log_append_only()`.execute(db);
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
