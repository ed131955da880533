import type { AnyDb } from '../resources/definition';
import {
  DATABASE_ACCESS,
  databasePermissionView,
  DATASOURCE_ACCESS,
  datasetPermissionView,
  idOfPermissionView,
  SCHEMA_ACCESS,
  schemaPermissionView,
} from '../security/data-access';

/**
 * Keeps a permission pair for every database (database_access), every schema holding a dataset
 * (schema_access) and every dataset (datasource_access), so an admin can grant them in the roles screen and
 * through /security/permissions-resources/, as in the incumbent. Checks match database and dataset pairs by
 * the id in their name (security/data-access.ts), so this only names them: a renamed dataset's pair is
 * renamed in place (roles keep it), a deleted one's pair and its grants go. Run before the security API
 * reads pairs; cheap when nothing changed (one read of each table).
 */
export async function syncDataPermissions(db: AnyDb): Promise<void> {
  const databases = await db.selectFrom('dbs').select(['id', 'database_name']).execute();
  const datasets = await db.selectFrom('tables').select(['id', 'table_name', 'schema', 'database_id']).execute();
  const dbName = new Map(databases.map((row) => [row.id as number, row.database_name as string]));
  const wanted = new Map<string, string>();
  for (const database of databases) wanted.set(`${DATABASE_ACCESS}|${database.id}`, databasePermissionView(database.database_name, database.id));
  for (const dataset of datasets) {
    const name = dbName.get(dataset.database_id);
    if (name === undefined) continue;
    wanted.set(`${DATASOURCE_ACCESS}|${dataset.id}`, datasetPermissionView(name, dataset.table_name, dataset.id));
    if (dataset.schema) wanted.set(`${SCHEMA_ACCESS}|${schemaPermissionView(name, dataset.schema)}`, schemaPermissionView(name, dataset.schema));
  }
  const existing = await db
    .selectFrom('ab_permission_view')
    .select(['id', 'permission', 'view_menu'])
    .where('permission', 'in', [DATABASE_ACCESS, DATASOURCE_ACCESS, SCHEMA_ACCESS])
    .execute();
  await reconcile(db, wanted, existing as PairRow[]);
}

interface PairRow {
  id: number;
  permission: string;
  view_menu: string;
}

/** Identity of a pair across renames: permission and id for id-named pairs, the whole name for schemas. */
function identity(row: PairRow): string | null {
  if (row.permission === SCHEMA_ACCESS) return `${SCHEMA_ACCESS}|${row.view_menu}`;
  const id = idOfPermissionView(row.view_menu);
  return id === null ? null : `${row.permission}|${id}`;
}

async function reconcile(db: AnyDb, wanted: Map<string, string>, existing: PairRow[]): Promise<void> {
  const seen = new Set<string>();
  for (const row of existing) {
    const key = identity(row);
    if (key === null) continue;
    const name = wanted.get(key);
    if (name === undefined) {
      // Schema pairs may be granted before any dataset exists in the schema: only id-named pairs go.
      if (row.permission !== SCHEMA_ACCESS) await removePair(db, row.id);
    } else if (seen.has(key)) {
      continue;
    } else {
      seen.add(key);
      if (name !== row.view_menu) await db.updateTable('ab_permission_view').set({ view_menu: name }).where('id', '=', row.id).execute();
    }
  }
  const missing = [...wanted].filter(([key]) => !seen.has(key));
  for (const [key, view_menu] of missing) {
    const permission = key.slice(0, key.indexOf('|'));
    await db.insertInto('ab_permission_view').values({ permission, view_menu }).onConflict((oc) => oc.columns(['permission', 'view_menu']).doNothing()).execute();
  }
}

async function removePair(db: AnyDb, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('ab_permission_view_role').where('permission_view_id', '=', id).execute();
    await trx.deleteFrom('ab_permission_view').where('id', '=', id).execute();
  });
}
