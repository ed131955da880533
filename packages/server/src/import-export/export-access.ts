import type { AnyDb } from '../resources/definition';
import type { CurrentUser } from '../security/current-user';
import { canAccessDataset, canAccessWholeDatabase, dataAccessOf } from '../security/data-access';
import { databaseAccessDenied, datasetAccessDenied } from '../security/data-access-errors';
import { loadDatasetLocation } from '../security/dataset-location';

/**
 * An export carries what it depends on: a dashboard its charts' datasets, a dataset its database's
 * connection settings. So after the bundle is closed over its dependencies, every dataset in it must be
 * one the user may query and every database one they hold whole (its connection is all of its data); the
 * first that is not is a 403 naming it. Users with all_datasource_access pass without a read.
 */
export async function assertMayExport(db: AnyDb, user: CurrentUser, datasetIds: Iterable<number>, databaseIds: Iterable<number>): Promise<void> {
  const access = dataAccessOf(user);
  if (access.allDatasets) return;
  for (const id of datasetIds) {
    const dataset = await loadDatasetLocation(db, id);
    if (dataset && !canAccessDataset(access, dataset)) throw datasetAccessDenied(dataset);
  }
  for (const id of databaseIds) {
    if (canAccessWholeDatabase(access, id)) continue;
    const database = await db.selectFrom('dbs').select(['id', 'database_name']).where('id', '=', id).executeTakeFirst();
    if (database) throw databaseAccessDenied(database as { id: number; database_name: string });
  }
}
