import type { AppContext } from '../context';
import { nowIso } from '../metadata/connect';

const audit = () => {
  const now = nowIso();
  return { created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null };
};

export interface VirtualDatasetSeed {
  uri: string;
  backend: string;
  /** The virtual dataset's query (what a dataset owner writes, not a viewer). */
  sql: string;
  /** Column names and native types the query returns. */
  columns: [string, string][];
  /** The database row's extra JSON. */
  extra?: Record<string, unknown>;
  allowDml?: boolean;
}

/**
 * Registers a database and a virtual dataset on it straight in the metadata store (the chart-data tests
 * exercise the query path, not the create endpoints), with a COUNT(*) metric named `count`.
 */
export async function seedVirtualDataset(t: { ctx: Pick<AppContext, 'store'> }, seed: VirtualDatasetSeed): Promise<{ datasetId: number; databaseId: number }> {
  const { db } = t.ctx.store;
  const database = await db
    .insertInto('dbs')
    .values({
      uuid: `db-${Math.random()}`,
      database_name: `virtual-${Math.random()}`,
      sqlalchemy_uri: seed.uri,
      backend: seed.backend,
      allow_dml: seed.allowDml ? 1 : 0,
      expose_in_sqllab: 1,
      extra: seed.extra ? JSON.stringify(seed.extra) : null,
      ...audit(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataset = await db
    .insertInto('tables')
    .values({ uuid: `ds-${Math.random()}`, table_name: `virtual_${database.id}`, database_id: database.id, sql: seed.sql, ...audit() } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [name, type] of seed.columns) {
    await db.insertInto('table_columns').values({ uuid: `c-${name}-${Math.random()}`, table_id: dataset.id, column_name: name, type, is_dttm: 0, ...audit() } as never).execute();
  }
  await db.insertInto('sql_metrics').values({ uuid: `m-${Math.random()}`, table_id: dataset.id, metric_name: 'count', expression: 'COUNT(*)', ...audit() } as never).execute();
  return { datasetId: dataset.id, databaseId: database.id };
}

/** A chart-data body selecting the given columns of a dataset (grouped, no metrics). */
export const columnsQuery = (datasetId: number, columns: string[], extra: Record<string, unknown> = {}) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns, metrics: [], row_limit: 100 }],
  force: true,
  ...extra,
});
