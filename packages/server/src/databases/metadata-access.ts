import type { AppContext } from '../context';
import { ErrorType, LumenError } from '../errors';
import type { DatabaseRow } from '../metadata/schema';
import type { AnyDb } from '../resources/definition';
import type { CurrentUser } from '../security/current-user';
import { canAccessSchema, canAccessWholeDatabase, type DataAccess, dataAccessOf } from '../security/data-access';
import { databaseReachable } from '../security/data-access-sql';
import type { TableListItem, TableRef } from '../engines';
import { databaseNotFound, loadDatabase } from './load';
import { guestSqlLabDatabaseIds } from '../embedding/guest-sqllab';
import { toBool } from '../metadata/connect';

/**
 * What a user may browse of one database (schemas, tables, table metadata, SELECT *), by their data access
 * (security/data-access.ts): a database grant shows everything; a schema grant that schema's tables; a
 * dataset grant the physical table behind that dataset. A database with no grant at all is a 404, like a
 * missing one, so its name and ids cannot be probed.
 */
export interface BrowseScope {
  database: DatabaseRow;
  access: DataAccess;
  /** Physical tables behind the datasets the user is granted one by one in this database. */
  grantedTables: { schema: string | null; table_name: string }[];
}

export async function loadBrowsableDatabase(ctx: AppContext, rawId: unknown, user: CurrentUser): Promise<BrowseScope> {
  const database = await loadDatabase(ctx, rawId);
  if (user.guest) return guestBrowseScope(database, user);
  const access = dataAccessOf(user);
  if (canAccessWholeDatabase(access, database.id) || access.allDatasets) return { database, access, grantedTables: [] };
  const db = ctx.store.db as AnyDb;
  if (!(await databaseReachable(db, access, database.id))) throw databaseNotFound();
  const ids = [...access.datasetIds];
  const grantedTables = ids.length
    ? await db.selectFrom('tables').select(['schema', 'table_name']).where('database_id', '=', database.id).where('id', 'in', ids).where('sql', 'is', null).execute()
    : [];
  return { database, access, grantedTables };
}

/**
 * A guest browses only the databases its token grants SQL Lab on, and those whole (it may read any of their
 * tables with SQL anyway); any other database is the same 404 as a missing one.
 */
function guestBrowseScope(database: DatabaseRow, user: CurrentUser): BrowseScope {
  if (!guestSqlLabDatabaseIds(user).includes(database.id) || !toBool(database.expose_in_sqllab)) throw databaseNotFound();
  const access: DataAccess = { allDatasets: false, allDatabases: false, databaseIds: new Set([database.id]), schemas: [], datasetIds: new Set() };
  return { database, access, grantedTables: [] };
}

const wholeSchema = (scope: BrowseScope, schema: string | null) =>
  scope.access.allDatasets || canAccessSchema(scope.access, scope.database.id, scope.database.database_name, schema);

/** The schemas a user may browse: all with a database grant, else those granted or holding a granted table. */
export function visibleSchemas(scope: BrowseScope, schemas: string[]): string[] {
  if (wholeSchema(scope, null)) return schemas;
  return schemas.filter((schema) => wholeSchema(scope, schema) || scope.grantedTables.some((t) => t.schema === schema));
}

/** The tables of one schema a user may browse. `schema` is the resolved schema (never null for engines with schemas). */
export function visibleTables(scope: BrowseScope, schema: string | null, defaultSchema: string | null, tables: TableListItem[]): TableListItem[] {
  if (wholeSchema(scope, schema)) return tables;
  return tables.filter((table) => isGrantedTable(scope, { name: table.value, schema }, defaultSchema));
}

/** 403 naming the table unless the user may read its metadata. */
export function assertTableBrowsable(scope: BrowseScope, table: TableRef, defaultSchema: string | null): void {
  const schema = table.schema ?? defaultSchema;
  if (wholeSchema(scope, schema) || isGrantedTable(scope, table, defaultSchema)) return;
  throw new LumenError(
    403,
    `You need access to the table ${schema ? `${schema}.` : ''}${table.name} of the database ${scope.database.database_name}: a dataset on it, its schema or the database`,
    ErrorType.TABLE_SECURITY_ACCESS_ERROR,
  );
}

function isGrantedTable(scope: BrowseScope, table: TableRef, defaultSchema: string | null): boolean {
  const schema = table.schema ?? defaultSchema;
  // A dataset saved without a schema reads the database's default schema.
  return scope.grantedTables.some((granted) => granted.table_name === table.name && (granted.schema ?? defaultSchema) === schema);
}
