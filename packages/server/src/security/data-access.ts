import { type CurrentUser, permissionKey } from './current-user';

/**
 * Which data a user may reach, read off their permission pairs the way the incumbent names them:
 * - `all_datasource_access` on `all_datasource_access`: every dataset (Alpha);
 * - `all_database_access` on `all_database_access`: every database, including free SQL (Admin);
 * - `database_access` on `[examples].(id:1)`: one database, all its schemas and datasets, and SQL Lab on it;
 * - `schema_access` on `[examples].[main]`: the datasets in one schema of one database;
 * - `datasource_access` on `[examples].[birth_names](id:3)`: one dataset.
 * Database and dataset pairs are matched by the id in their name, so renaming a database or dataset never
 * widens or drops a grant; schema pairs carry no id and are matched by database name and schema.
 */
export const ALL_DATASOURCE_ACCESS = 'all_datasource_access';
export const ALL_DATABASE_ACCESS = 'all_database_access';
export const DATABASE_ACCESS = 'database_access';
export const SCHEMA_ACCESS = 'schema_access';
export const DATASOURCE_ACCESS = 'datasource_access';

export const databasePermissionView = (databaseName: string, id: number) => `[${databaseName}].(id:${id})`;
export const schemaPermissionView = (databaseName: string, schema: string) => `[${databaseName}].[${schema}]`;
/** The id at the end of a database or dataset pair's view name, `[examples].[sales](id:3)` -> 3; null if none. */
export function idOfPermissionView(view: string): number | null {
  const match = /\(id:(\d+)\)$/.exec(view);
  return match ? Number(match[1]) : null;
}

export const datasetPermissionView = (databaseName: string, tableName: string, id: number) => `[${databaseName}].[${tableName}](id:${id})`;

export interface SchemaGrant {
  database: string;
  schema: string;
}

export interface DataAccess {
  /** Every dataset (admin, all_datasource_access or all_database_access). */
  allDatasets: boolean;
  /** Every database with free SQL (admin, all_database_access or all_datasource_access, as the incumbent). */
  allDatabases: boolean;
  databaseIds: ReadonlySet<number>;
  schemas: readonly SchemaGrant[];
  datasetIds: ReadonlySet<number>;
}

/** A dataset as the checks need it: its id, database and schema. */
export interface DatasetLocation {
  id: number;
  database_id: number;
  database_name: string;
  schema: string | null;
  table_name: string;
}

const SCHEMA_VIEW = /^\[(.*)\]\.\[(.*)\]$/;
const cache = new WeakMap<CurrentUser, DataAccess>();

/** The user's data access, computed once per loaded user object (load-user.ts caches those). */
export function dataAccessOf(user: CurrentUser): DataAccess {
  let access = cache.get(user);
  if (!access) cache.set(user, (access = readDataAccess(user)));
  return access;
}

function readDataAccess(user: CurrentUser): DataAccess {
  const all = user.isAdmin || user.permissions.has(permissionKey(ALL_DATABASE_ACCESS, ALL_DATABASE_ACCESS));
  const allDatasets = all || user.permissions.has(permissionKey(ALL_DATASOURCE_ACCESS, ALL_DATASOURCE_ACCESS));
  const databaseIds = new Set<number>();
  const datasetIds = new Set<number>();
  const schemas: SchemaGrant[] = [];
  for (const key of user.permissions) {
    const cut = key.indexOf('|');
    const permission = key.slice(0, cut);
    const view = key.slice(cut + 1);
    if (permission === DATABASE_ACCESS) addId(databaseIds, view);
    else if (permission === DATASOURCE_ACCESS) addId(datasetIds, view);
    else if (permission === SCHEMA_ACCESS) {
      const match = SCHEMA_VIEW.exec(view);
      if (match) schemas.push({ database: match[1]!, schema: match[2]! });
    }
  }
  return { allDatasets, allDatabases: allDatasets, databaseIds, schemas, datasetIds };
}

function addId(ids: Set<number>, view: string): void {
  const id = idOfPermissionView(view);
  if (id !== null) ids.add(id);
}

/** Free SQL and every schema of the database: database-level access. */
export function canAccessWholeDatabase(access: DataAccess, databaseId: number): boolean {
  return access.allDatabases || access.databaseIds.has(databaseId);
}

export function canAccessSchema(access: DataAccess, databaseId: number, databaseName: string, schema: string | null): boolean {
  if (canAccessWholeDatabase(access, databaseId)) return true;
  return schema !== null && access.schemas.some((grant) => grant.database === databaseName && grant.schema === schema);
}

export function canAccessDataset(access: DataAccess, dataset: DatasetLocation): boolean {
  return access.allDatasets || access.datasetIds.has(dataset.id) || canAccessSchema(access, dataset.database_id, dataset.database_name, dataset.schema);
}

/** The pairs that would grant a dataset, for error messages that name what to ask for. */
export function datasetGrantHint(dataset: DatasetLocation): string {
  const pairs = [
    `${DATASOURCE_ACCESS} on ${datasetPermissionView(dataset.database_name, dataset.table_name, dataset.id)}`,
    dataset.schema ? `${SCHEMA_ACCESS} on ${schemaPermissionView(dataset.database_name, dataset.schema)}` : null,
    `${DATABASE_ACCESS} on ${databasePermissionView(dataset.database_name, dataset.database_id)}`,
    ALL_DATASOURCE_ACCESS,
  ];
  return pairs.filter(Boolean).join(', ');
}
