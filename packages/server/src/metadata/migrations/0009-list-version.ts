import { sql, type Kysely } from 'kysely';
import type { MetadataDialect } from '../connect';

/**
 * A metadata version counter kept by the database itself, for the list answer cache
 * (resources/list-answer-cache.ts): a one-row table whose `version` every write to a table a list reads
 * increments, by trigger, in the writing transaction. Every path that writes (the API, imports, the CLI,
 * another Lumen process sharing the store, plain SQL) therefore invalidates every process's cached lists.
 *
 * Tables no list reads and that change often are left out, so their writes do not empty the cache: sessions
 * and SSO identities and user attributes (sign-in), SQL Lab's query rows, tab state and table schemas, the
 * report execution log, the event log and the key-value store. SQLite has only row triggers (one counter
 * update per row written); PostgreSQL uses statement triggers (one per statement).
 */
export const LIST_VERSION_TABLE = 'lumen_list_version';

/** Every metadata table a resource list reads (resources/definitions, serializers, visibility, favourites). */
export const LIST_SOURCE_TABLES = [
  'ab_user', 'ab_role', 'ab_user_role', 'ab_permission_view', 'ab_permission_view_role', 'ab_permission', 'ab_view_menu',
  'dbs', 'tables', 'sqlatable_user', 'table_columns', 'sql_metrics', 'slices', 'slice_user', 'dashboards', 'dashboard_user',
  'dashboard_roles', 'dashboard_slices', 'embedded_dashboards', 'saved_query', 'tag', 'tagged_object', 'favstar',
  'report_schedule', 'report_recipient', 'report_schedule_user', 'row_level_security_filters', 'rls_filter_roles', 'rls_filter_tables',
];

const OPERATIONS = ['insert', 'update', 'delete'] as const;
const triggerName = (table: string, operation: string) => `lumen_list_version_${table}_${operation}`;
const PG_FUNCTION = 'lumen_bump_list_version';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

async function createVersionTable(db: AnyKysely, dialect: MetadataDialect): Promise<void> {
  await db.schema
    .createTable(LIST_VERSION_TABLE)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', dialect === 'postgresql' ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto(LIST_VERSION_TABLE).values({ id: 1, version: 0 }).execute();
}

async function createSqliteTriggers(db: AnyKysely, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    for (const operation of OPERATIONS) {
      await sql
        .raw(`CREATE TRIGGER ${triggerName(table, operation)} AFTER ${operation.toUpperCase()} ON ${table} BEGIN UPDATE ${LIST_VERSION_TABLE} SET version = version + 1 WHERE id = 1; END`)
        .execute(db);
    }
  }
}

async function createPostgresTriggers(db: AnyKysely, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await sql
      .raw(`CREATE TRIGGER ${triggerName(table, 'write')} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${PG_FUNCTION}()`)
      .execute(db);
  }
}

/**
 * The version triggers on `tables`. Exported for later migrations that add a table a list reads
 * (0011-annotation-layers): each creates its own tables' triggers, so the cache stays right for them too.
 */
export async function createListVersionTriggers(db: AnyKysely, dialect: MetadataDialect, tables: readonly string[]): Promise<void> {
  await (dialect === 'postgresql' ? createPostgresTriggers(db, tables) : createSqliteTriggers(db, tables));
}

export async function dropListVersionTriggers(db: AnyKysely, dialect: MetadataDialect, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (dialect === 'postgresql') await sql.raw(`DROP TRIGGER IF EXISTS ${triggerName(table, 'write')} ON ${table}`).execute(db);
    else for (const operation of OPERATIONS) await sql.raw(`DROP TRIGGER IF EXISTS ${triggerName(table, operation)}`).execute(db);
  }
}

export function listVersionMigration(dialect: MetadataDialect) {
  return {
    async up(db: AnyKysely): Promise<void> {
      await createVersionTable(db, dialect);
      if (dialect === 'postgresql') {
        await sql
          .raw(`CREATE FUNCTION ${PG_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE ${LIST_VERSION_TABLE} SET version = version + 1 WHERE id = 1; RETURN NULL; END $$`)
          .execute(db);
      }
      await createListVersionTriggers(db, dialect, LIST_SOURCE_TABLES);
    },
    async down(db: AnyKysely): Promise<void> {
      await dropListVersionTriggers(db, dialect, LIST_SOURCE_TABLES);
      if (dialect === 'postgresql') await sql.raw(`DROP FUNCTION IF EXISTS ${PG_FUNCTION}()`).execute(db);
      await db.schema.dropTable(LIST_VERSION_TABLE).ifExists().execute();
    },
  };
}
