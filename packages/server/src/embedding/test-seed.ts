import { join } from 'node:path';
import { getEngineSpec, parseConnectTarget } from '../engines';
import { nowIso } from '../metadata/connect';
import type { TestApp } from '../testing/harness';

/**
 * Fixtures for the embedding tests: a DuckDB sales table registered as a dataset (as in
 * chart-data/routes.test.ts), and dashboards with charts on it.
 */
const audit = () => {
  const now = nowIso();
  return { created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null };
};

export async function seedSalesDataset(t: TestApp, table = 'sales'): Promise<number> {
  const path = join(t.config.dataDir, `${table}.duckdb`);
  const client = await getEngineSpec('duckdb').connect(parseConnectTarget(`duckdb:///${path}`));
  await client.execute(`CREATE TABLE ${table} AS SELECT i AS id, ['North','South','East'][1 + i % 3] AS region, (i * 7) % 11 AS qty FROM range(120) t(i)`);
  await client.close();
  const { db } = t.ctx.store;
  const database = await db
    .insertInto('dbs')
    .values({ uuid: `db-${Math.random()}`, database_name: `${table}-${Math.random()}`, sqlalchemy_uri: `duckdb:///${path}`, backend: 'duckdb', ...audit() } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataset = await db
    .insertInto('tables')
    .values({ uuid: `ds-${Math.random()}`, table_name: table, database_id: database.id, ...audit() } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [name, type] of [['id', 'BIGINT'], ['region', 'VARCHAR'], ['qty', 'BIGINT']]) {
    await db.insertInto('table_columns').values({ uuid: `c-${name}-${Math.random()}`, table_id: dataset.id, column_name: name, type, is_dttm: 0, ...audit() } as never).execute();
  }
  await db.insertInto('sql_metrics').values({ uuid: `m-${Math.random()}`, table_id: dataset.id, metric_name: 'count', expression: 'COUNT(*)', ...audit() } as never).execute();
  return dataset.id;
}

/** A dashboard owned by `ownerId` with one chart per dataset id; json_metadata as given. */
export async function seedDashboard(
  t: TestApp,
  options: { title: string; datasetIds: number[]; ownerId?: number; jsonMetadata?: unknown; slug?: string },
): Promise<{ dashboardId: number; chartIds: number[] }> {
  const { db } = t.ctx.store;
  const dashboard = await db
    .insertInto('dashboards')
    .values({
      uuid: `d-${Math.random()}`,
      dashboard_title: options.title,
      slug: options.slug ?? null,
      json_metadata: JSON.stringify(options.jsonMetadata ?? {}),
      position_json: '{}',
      published: 1,
      is_managed_externally: 0,
      ...audit(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.ownerId) await db.insertInto('dashboard_user').values({ dashboard_id: dashboard.id, user_id: options.ownerId }).execute();
  const chartIds: number[] = [];
  for (const datasetId of options.datasetIds) {
    const context = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }] };
    const slice = await db
      .insertInto('slices')
      .values({ uuid: `s-${Math.random()}`, slice_name: `${options.title} chart`, viz_type: 'big_number_total', datasource_id: datasetId, datasource_type: 'table', params: '{}', query_context: JSON.stringify(context), is_managed_externally: 0, ...audit() } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('dashboard_slices').values({ dashboard_id: dashboard.id, slice_id: slice.id }).execute();
    chartIds.push(slice.id);
  }
  return { dashboardId: dashboard.id, chartIds };
}
