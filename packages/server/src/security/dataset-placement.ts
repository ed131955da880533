import { ErrorType, LumenError } from '../errors';
import type { AnyDb } from '../resources/definition';
import type { CurrentUser } from './current-user';
import {
  canAccessSchema,
  canAccessWholeDatabase,
  DATABASE_ACCESS,
  dataAccessOf,
  databasePermissionView,
  SCHEMA_ACCESS,
  schemaPermissionView,
} from './data-access';

/**
 * Where a dataset reads from is what a datasource_access grant on it opens, so whoever creates, moves or
 * rewrites a dataset (or writes a table by upload) must already reach that place: a physical table needs
 * its schema (schema_access or the whole database); a virtual dataset's SQL can name any table of the
 * database, so it needs the whole database, as SQL Lab does. Without this, the owner of a granted dataset
 * could point it at another database and read that through the grant. Users with all_datasource_access pass.
 */
export interface DatasetPlacement {
  database_id: number;
  schema: string | null;
  /** The SQL of a virtual dataset; null or empty for a physical table. */
  sql: string | null;
}

export async function assertMayPlaceDataset(db: AnyDb, user: CurrentUser | null, placement: DatasetPlacement): Promise<void> {
  if (!user) return;
  const access = dataAccessOf(user);
  if (access.allDatasets) return;
  const database = await db.selectFrom('dbs').select(['id', 'database_name']).where('id', '=', placement.database_id).executeTakeFirst();
  // A missing database is the caller's own 404/422.
  if (!database) return;
  const name = database.database_name as string;
  const wholePair = `${DATABASE_ACCESS} on ${databasePermissionView(name, database.id as number)}`;
  if (placement.sql && placement.sql.trim() !== '') {
    if (canAccessWholeDatabase(access, database.id as number)) return;
    throw new LumenError(403, `A dataset with SQL on the database ${name} needs ${wholePair}: its SQL can read any table there`, ErrorType.DATABASE_SECURITY_ACCESS_ERROR, {
      database_id: database.id,
      permission: wholePair,
    });
  }
  if (canAccessSchema(access, database.id as number, name, placement.schema)) return;
  const schemaPair = placement.schema ? `${SCHEMA_ACCESS} on ${schemaPermissionView(name, placement.schema)} or ` : '';
  throw new LumenError(
    403,
    `Reading tables of ${placement.schema ? `the schema ${placement.schema} of ` : ''}the database ${name} needs ${schemaPair}${wholePair}`,
    ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
    { database_id: database.id, permission: wholePair },
  );
}
