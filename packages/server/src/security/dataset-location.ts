import type { AnyDb } from '../resources/definition';
import type { DatasetLocation } from './data-access';

/** A dataset's database and schema, for the data-access checks; null when there is no such dataset. */
export async function loadDatasetLocation(db: AnyDb, datasetId: number): Promise<DatasetLocation | null> {
  const row = await db
    .selectFrom('tables as t')
    .innerJoin('dbs as d', 'd.id', 't.database_id')
    .select(['t.id', 't.database_id', 'd.database_name', 't.schema', 't.table_name'])
    .where('t.id', '=', datasetId)
    .executeTakeFirst();
  return (row as DatasetLocation | undefined) ?? null;
}
