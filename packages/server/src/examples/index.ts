import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { AppContext } from '../context';
import { closeConnection, getDuckDBInstance, releaseDuckDBInstance } from '../engines';
import { refreshDatasetColumns } from '../datasets/columns';
import { addCalculatedColumns, addMissingMetrics, createDataset, findDataset, type NewCalculatedColumn, type NewMetric } from '../datasets/create';
import { nowIso } from '../metadata/connect';
import { birthNamesSql, EXAMPLES_VERSION, eventsSql, orgChartSql, projectTasksSql, salesSql } from './generate';
import { geoPointsSql, geoRoutesSql } from './geo';
import { loadLumenExamples } from './lumen-examples';
import { regionStatsSql } from './regions';
import { loadSupersetExamples } from './superset-examples';

/** The incumbent's examples database uuid, so bundles exported from it map onto ours. */
export const EXAMPLES_DATABASE_UUID = 'a2dc77af-e654-49bb-b321-40f6b559a1ee';
export const EXAMPLES_DATABASE_NAME = 'examples';

interface ExampleDataset {
  table_name: string;
  uuid: string;
  description: string;
  main_dttm_col: string;
  metrics: NewMetric[];
  calculatedColumns?: NewCalculatedColumn[];
}

const sum = (column: string, verbose?: string): NewMetric => ({ metric_name: `sum__${column}`, expression: `SUM(${column})`, verbose_name: verbose ?? null, metric_type: 'sum' });
const avg = (column: string): NewMetric => ({ metric_name: `avg__${column}`, expression: `AVG(${column})`, metric_type: 'avg' });

/** The example datasets: fixed uuids so charts and dashboards refer to them the same way everywhere. */
export const EXAMPLE_DATASETS: ExampleDataset[] = [
  {
    table_name: 'birth_names',
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c01',
    description: 'Yearly US baby-name counts by state and gender (generated).',
    main_dttm_col: 'ds',
    metrics: [sum('num'), sum('num_boys'), sum('num_girls'), { metric_name: 'sum__num_california', expression: "SUM(CASE WHEN state = 'CA' THEN num ELSE 0 END)", metric_type: 'sum' }],
    calculatedColumns: [{ column_name: 'num_california', expression: "CASE WHEN state = 'CA' THEN num ELSE 0 END", type: 'BIGINT' }],
  },
  {
    table_name: 'sales',
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c02',
    description: 'Order lines of a model-vehicle retailer, 2021-2024 (generated).',
    main_dttm_col: 'order_date',
    metrics: [sum('quantity'), sum('revenue'), avg('price'), { metric_name: 'count_distinct__order_number', expression: 'COUNT(DISTINCT order_number)', verbose_name: 'Orders', metric_type: 'count_distinct' }],
  },
  {
    table_name: 'events',
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c03',
    description: 'Product analytics events over 2023-2024 (generated, millions of rows).',
    main_dttm_col: 'event_time',
    metrics: [
      sum('revenue'),
      avg('duration_ms'),
      sum('duration_ms'),
      { metric_name: 'count_distinct__user_id', expression: 'COUNT(DISTINCT user_id)', verbose_name: 'Unique users', metric_type: 'count_distinct' },
    ],
  },
  {
    table_name: 'project_tasks',
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c04',
    description: 'A product launch plan: tasks with start and end times in five phases (generated).',
    main_dttm_col: 'start_time',
    metrics: [sum('effort_days')],
  },
  {
    table_name: 'org_chart',
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c05',
    description: "A company's reporting lines: each person's id and manager's id (generated).",
    main_dttm_col: 'hire_date',
    metrics: [sum('salary'), avg('salary')],
  },
  {
    table_name: 'region_stats',
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c06',
    description: 'Population of each German and US state by ISO 3166-2 code, in round figures (generated).',
    main_dttm_col: 'as_of',
    metrics: [sum('population')],
  },
  {
    table_name: 'geo_points',
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c07',
    description: 'Places around 24 world cities: longitude, latitude, a "lat,lon" text, category and visits (generated, for the deck.gl maps).',
    main_dttm_col: 'recorded_at',
    metrics: [sum('visits')],
  },
  {
    table_name: 'geo_routes',
    uuid: '5a3ac2a6-79bf-4a7a-9d3f-7f1d1a6b0c08',
    description: 'Flights between the same cities: origin and destination coordinates, airline, passengers, the route as a JSON path and its corridor as a GeoJSON polygon (generated, for the deck.gl maps).',
    main_dttm_col: 'flown_at',
    metrics: [sum('passengers')],
  },
];

export const examplesPath = (ctx: AppContext): string => join(ctx.config.dataDir, 'examples.duckdb');

interface Marker {
  version: number;
  events_rows: number;
}

async function readMarker(path: string): Promise<Marker | null> {
  if (!existsSync(path)) return null;
  try {
    const instance = await getDuckDBInstance(path, { readOnly: true });
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll('SELECT version, events_rows FROM _lumen_examples LIMIT 1');
      const row = reader.getRowsJS()[0];
      return row ? { version: Number(row[0]), events_rows: Number(row[1]) } : null;
    } finally {
      connection.closeSync();
    }
  } catch {
    return null;
  }
}

class ExamplesCancelled extends Error {}

/** Writes the example tables into a fresh file next to the target, then swaps it in. */
async function generateFile(ctx: AppContext, path: string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  rmSync(tmp, { force: true });
  rmSync(`${tmp}.wal`, { force: true });
  const instance = await DuckDBInstance.create(tmp);
  const connection = await instance.connect();
  const watcher = setInterval(() => {
    if (ctx.closing) connection.interrupt();
  }, 100);
  try {
    const steps: [string, string][] = [
      ['birth_names', birthNamesSql()],
      ['sales', salesSql()],
      ['events', eventsSql(ctx.config.examplesEventsRows)],
      ['project_tasks', projectTasksSql()],
      ['org_chart', orgChartSql()],
      ['region_stats', regionStatsSql()],
      ['geo_points', geoPointsSql()],
      ['geo_routes', geoRoutesSql()],
    ];
    for (const [name, sql] of steps) {
      if (ctx.closing) throw new ExamplesCancelled();
      const started = Date.now();
      await connection.run(sql);
      ctx.logger.info({ table: name, ms: Date.now() - started }, 'example table generated');
    }
    await connection.run(
      `CREATE TABLE _lumen_examples AS SELECT ${EXAMPLES_VERSION} AS version, ${ctx.config.examplesEventsRows}::BIGINT AS events_rows, now() AS created_at`,
    );
    await connection.run('CHECKPOINT');
  } catch (error) {
    clearInterval(watcher);
    connection.closeSync();
    instance.closeSync();
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.wal`, { force: true });
    if (ctx.closing) throw new ExamplesCancelled('Server is stopping: example generation cancelled');
    throw error;
  }
  clearInterval(watcher);
  connection.closeSync();
  instance.closeSync();
  await releaseDuckDBInstance(path);
  rmSync(`${path}.wal`, { force: true });
  renameSync(tmp, path);
}

/** Creates or updates the examples database row; returns its id. */
async function registerDatabase(ctx: AppContext, path: string): Promise<number> {
  const db = ctx.store.db;
  const uri = `duckdb:///${path}`;
  const existing = await db.selectFrom('dbs').select(['id', 'sqlalchemy_uri']).where('uuid', '=', EXAMPLES_DATABASE_UUID).executeTakeFirst();
  const now = nowIso();
  if (existing) {
    if (existing.sqlalchemy_uri !== uri) {
      await db.updateTable('dbs').set({ sqlalchemy_uri: uri, changed_on: now }).where('id', '=', existing.id).execute();
      await closeConnection(Number(existing.id));
    }
    return Number(existing.id);
  }
  const row = await db
    .insertInto('dbs')
    .values({
      uuid: EXAMPLES_DATABASE_UUID,
      database_name: EXAMPLES_DATABASE_NAME,
      sqlalchemy_uri: uri,
      password: null,
      backend: 'duckdb',
      expose_in_sqllab: 1,
      allow_run_async: 1,
      allow_dml: 0,
      allow_ctas: 0,
      allow_cvas: 0,
      allow_file_upload: 0,
      allow_multi_catalog: 0,
      disable_data_preview: 0,
      cache_timeout: null,
      force_ctas_schema: null,
      impersonate_user: 0,
      configuration_method: 'sqlalchemy_form',
      extra: JSON.stringify({ metadata_params: {}, engine_params: {}, metadata_cache_timeout: {}, schemas_allowed_for_file_upload: [] }),
      encrypted_extra: null,
      server_cert: null,
      is_managed_externally: 0,
      external_url: null,
      created_on: now,
      changed_on: now,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Registers (or refreshes) the example datasets; returns true when anything was created. */
async function registerDatasets(ctx: AppContext, databaseId: number, refresh: boolean): Promise<boolean> {
  let created = false;
  for (const example of EXAMPLE_DATASETS) {
    if (ctx.closing) throw new ExamplesCancelled('Server is stopping: example registration cancelled');
    const existing = await findDataset(ctx, { database_id: databaseId, schema: 'main', table_name: example.table_name });
    if (!existing) {
      await createDataset(ctx, null, {
        database_id: databaseId,
        schema: 'main',
        table_name: example.table_name,
        uuid: example.uuid,
        description: example.description,
        main_dttm_col: example.main_dttm_col,
        metrics: example.metrics,
        calculatedColumns: example.calculatedColumns,
      });
      created = true;
      continue;
    }
    if (refresh) await refreshDatasetColumns(ctx, existing.id);
    await addCalculatedColumns(ctx, existing.id, example.calculatedColumns ?? []);
    await addMissingMetrics(ctx, existing.id, example.metrics);
  }
  return created;
}

/**
 * Makes sure `${dataDir}/examples.duckdb` holds the current generated example tables and that the
 * "examples" database and its datasets are registered. Cheap when everything exists (reads a marker
 * table); regenerates when the file is missing, the generator version or the events row count changed, or
 * `force` is set. Generation is deterministic (hash of row numbers). Stops early when ctx.closing is set.
 *
 * @example
 * const { created, seconds } = await ensureExamples(app.lumen);
 */
export async function ensureExamples(ctx: AppContext, options: { force?: boolean } = {}): Promise<{ created: boolean; seconds: number }> {
  const started = Date.now();
  const path = examplesPath(ctx);
  const marker = options.force ? null : await readMarker(path);
  const upToDate = marker !== null && marker.version === EXAMPLES_VERSION && marker.events_rows === ctx.config.examplesEventsRows;
  if (!upToDate) {
    ctx.logger.info({ path, eventsRows: ctx.config.examplesEventsRows }, 'generating example data');
    await generateFile(ctx, path);
  }
  const databaseId = await registerDatabase(ctx, path);
  if (!upToDate) await closeConnection(databaseId);
  const datasetsCreated = await registerDatasets(ctx, databaseId, !upToDate);
  // Last: it adds tables to the file generated above (a regenerated file has lost them) and imports the bundle.
  const superset = await loadSupersetExamples(ctx, { path, databaseId, force: options.force });
  // Lumen's own charts and dashboards over the datasets registered above (examples/lumen/).
  const lumen = await loadLumenExamples(ctx, { force: options.force });
  const seconds = (Date.now() - started) / 1000;
  const created = !upToDate || datasetsCreated || superset.loadedData || superset.imported || lumen.imported;
  ctx.logger.info({ seconds, created }, created ? 'examples ready' : 'examples already up to date');
  return { created, seconds };
}
