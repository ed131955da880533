import { ErrorType, forbidden, type LumenError } from '../errors';
import type { AnyDb, Row } from '../resources/definition';
import { loadDatasetLocation } from './dataset-location';
import {
  ALL_DATASOURCE_ACCESS,
  DATABASE_ACCESS,
  databasePermissionView,
  datasetGrantHint,
  datasetPermissionView,
  type DatasetLocation,
} from './data-access';

/**
 * The 403s of data access. Each names what was refused and the permission pairs that would grant it, and
 * carries in `extra` what the error panel's 'Request Access' needs (the dataset or database and the pair).
 */
export function datasetAccessDenied(dataset: DatasetLocation, what = `the dataset ${dataset.table_name}`): LumenError {
  return forbidden(`You need access to ${what}: one of ${datasetGrantHint(dataset)}`, ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR, {
    datasource_id: dataset.id,
    datasource_name: dataset.table_name,
    permission: `datasource_access on ${datasetPermissionView(dataset.database_name, dataset.table_name, dataset.id)}`,
    // The error panel's 'Request Access' (security-api/access-requests.ts).
    link: `/request_access/?datasource_id=${dataset.id}`,
  });
}

export function databaseAccessDenied(database: { id: number; database_name: string }): LumenError {
  const pair = `${DATABASE_ACCESS} on ${databasePermissionView(database.database_name, database.id)}`;
  return forbidden(
    `You need access to the database ${database.database_name}: ${pair}, ${ALL_DATASOURCE_ACCESS}, or access to one of its schemas or datasets`,
    ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
    { database_id: database.id, database_name: database.database_name, permission: pair, link: `/request_access/?database_id=${database.id}` },
  );
}

/** A chart hidden by data access: named by its dataset; a chart on no dataset row is refused without one. */
export async function chartAccessDenied(db: AnyDb, chart: Row): Promise<LumenError> {
  // Only dataset-backed charts name a row of `tables`; a 'query' datasource id is another table's id.
  const onDataset = chart.datasource_type === 'table' || chart.datasource_type === 'dataset';
  const dataset = onDataset && typeof chart.datasource_id === 'number' ? await loadDatasetLocation(db, chart.datasource_id) : null;
  if (dataset) return datasetAccessDenied(dataset, `the dataset ${dataset.table_name} of the chart ${String(chart.slice_name)}`);
  return forbidden(`You do not have access to the data of the chart ${String(chart.slice_name)}`, ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR);
}
