import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, getConnection } from '../engines';
import { createTestApp, type TestApp } from '../testing/harness';
import { EXAMPLES_DATABASE_UUID, ensureExamples } from './index';

const AGGREGATES = `
  SELECT
    (SELECT COUNT(*) FROM birth_names) AS birth_rows,
    (SELECT SUM(num) FROM birth_names) AS birth_num,
    (SELECT COUNT(DISTINCT state) FROM birth_names) AS states,
    (SELECT COUNT(*) FROM sales) AS sales_rows,
    (SELECT ROUND(SUM(revenue), 2) FROM sales) AS sales_revenue,
    (SELECT SUM(quantity) FROM sales) AS sales_quantity,
    (SELECT COUNT(*) FROM events) AS events_rows,
    (SELECT ROUND(SUM(revenue), 2) FROM events) AS events_revenue,
    (SELECT SUM(duration_ms) FROM events) AS events_duration,
    (SELECT MIN(event_time) FROM events) AS first_event,
    (SELECT MAX(event_time) FROM events) AS last_event,
    (SELECT string_agg(event_type || '=' || n, ',' ORDER BY event_type) FROM (SELECT event_type, COUNT(*) n FROM events GROUP BY 1)) AS mix,
    (SELECT COUNT(*) FROM project_tasks) AS task_rows,
    (SELECT COUNT(*) FROM project_tasks WHERE end_time > start_time) AS tasks_with_span,
    (SELECT COUNT(*) FROM org_chart) AS people,
    (SELECT COUNT(*) FROM geo_points WHERE longitude BETWEEN -180 AND 180 AND latitude BETWEEN -90 AND 90) AS places,
    (SELECT COUNT(*) FROM geo_routes WHERE path_json LIKE '[[%]]' AND corridor_geojson LIKE '%Polygon%') AS routes,
    (SELECT COUNT(*) FROM org_chart WHERE parent_id IS NULL) AS roots,
    (SELECT COUNT(*) FROM org_chart WHERE parent_id IS NOT NULL AND parent_id NOT IN (SELECT id FROM org_chart)) AS orphans,
    (SELECT string_agg(country || '=' || n, ',' ORDER BY country) FROM (SELECT country, COUNT(DISTINCT region_code) n FROM region_stats GROUP BY 1)) AS regions`;

describe('ensureExamples', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lumen-examples-'));
    t = await createTestApp({ dataDir, config: { examplesEventsRows: 20_000 } });
  });

  afterAll(async () => {
    await t.close();
    await closeAllConnections();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const aggregates = async () => {
    const database = await t.ctx.store.db.selectFrom('dbs').selectAll().where('uuid', '=', EXAMPLES_DATABASE_UUID).executeTakeFirstOrThrow();
    const client = await getConnection(t.ctx, database);
    const result = await client.execute(AGGREGATES, [], { temporalAs: 'iso' });
    return Object.fromEntries(result.columns.map((column, i) => [column.name, result.rows[0]![i]]));
  };

  it('creates the tables, the database row and the datasets, deterministically', async () => {
    const first = await ensureExamples(t.ctx);
    expect(first.created).toBe(true);
    const firstAggregates = await aggregates();
    expect(firstAggregates).toMatchObject({ birth_rows: 38720, states: 11, sales_rows: 50000, events_rows: 20000 });
    // The Gantt and tree examples' shapes: every task has a span, the org chart one root and no orphans.
    expect(firstAggregates).toMatchObject({ task_rows: 20, tasks_with_span: 20, people: 25, roots: 1, orphans: 0 });
    // The deck.gl examples' shapes: 150 places around each of 24 cities, 3 routes from each with a JSON path and a GeoJSON corridor polygon.
    expect(firstAggregates).toMatchObject({ places: 3600, routes: 72 });
    // The country map example: every German state and every US state plus DC, once each.
    expect(firstAggregates.regions).toBe('germany=16,usa=51');
    expect(String(firstAggregates.first_event) >= '2023-01-01').toBe(true);
    expect(String(firstAggregates.last_event) < '2025-01-01').toBe(true);

    const database = await t.ctx.store.db.selectFrom('dbs').selectAll().where('uuid', '=', EXAMPLES_DATABASE_UUID).executeTakeFirstOrThrow();
    expect(database).toMatchObject({ database_name: 'examples', backend: 'duckdb', expose_in_sqllab: 1, allow_run_async: 1, allow_file_upload: 0 });
    expect(database.sqlalchemy_uri).toBe(`duckdb:///${join(dataDir, 'examples.duckdb')}`);

    const datasets = await t.ctx.store.db.selectFrom('tables').selectAll().where('database_id', '=', database.id).where('schema', '=', 'main').orderBy('table_name').execute();
    expect(datasets.map((d) => [d.table_name, d.schema, d.main_dttm_col])).toEqual([
      ['birth_names', 'main', 'ds'],
      ['events', 'main', 'event_time'],
      ['geo_points', 'main', 'recorded_at'],
      ['geo_routes', 'main', 'flown_at'],
      ['org_chart', 'main', 'hire_date'],
      ['project_tasks', 'main', 'start_time'],
      ['region_stats', 'main', 'as_of'],
      ['sales', 'main', 'order_date'],
    ]);
    const events = datasets.find((d) => d.table_name === 'events')!;
    const columns = await t.ctx.store.db.selectFrom('table_columns').selectAll().where('table_id', '=', events.id).orderBy('id').execute();
    expect(columns.filter((c) => c.is_dttm).map((c) => c.column_name)).toEqual(['event_time']);
    expect(columns.map((c) => c.column_name)).toEqual(['event_id', 'event_time', 'event_type', 'country', 'device', 'user_id', 'duration_ms', 'revenue']);
    const metrics = await t.ctx.store.db.selectFrom('sql_metrics').selectAll().where('table_id', '=', events.id).execute();
    expect(metrics.map((m) => m.metric_name)).toEqual(expect.arrayContaining(['count', 'sum__revenue', 'avg__duration_ms']));
    expect(metrics.find((m) => m.metric_name === 'count')).toMatchObject({ expression: 'COUNT(*)', verbose_name: 'COUNT(*)' });

    // Idempotent: nothing to do the second time.
    const second = await ensureExamples(t.ctx);
    expect(second.created).toBe(false);
    expect(second.seconds).toBeLessThan(2);
    expect(await t.ctx.store.db.selectFrom('tables').select('id').where('database_id', '=', database.id).where('schema', '=', 'main').execute()).toHaveLength(8);

    // Forced regeneration produces identical data.
    const third = await ensureExamples(t.ctx, { force: true });
    expect(third.created).toBe(true);
    expect(await aggregates()).toEqual(firstAggregates);
    expect(await t.ctx.store.db.selectFrom('tables').select('id').where('database_id', '=', database.id).where('schema', '=', 'main').execute()).toHaveLength(8);

    // A stopping server cancels generation and leaves the current file alone.
    t.ctx.closing = true;
    try {
      await expect(ensureExamples(t.ctx, { force: true })).rejects.toThrow(/stopping/);
    } finally {
      t.ctx.closing = false;
    }
    expect(readdirSync(dataDir).filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect(await aggregates()).toEqual(firstAggregates);
  });
});

/** Run with LUMEN_BENCH_EXAMPLES=1 to time the default 10M-row generation. */
describe.skipIf(!process.env.LUMEN_BENCH_EXAMPLES)('ensureExamples at full size', () => {
  it('generates the default 10M-row events table', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lumen-examples-10m-'));
    const t = await createTestApp({ dataDir });
    try {
      const result = await ensureExamples(t.ctx);
      console.log(`examples with ${t.config.examplesEventsRows} events generated in ${result.seconds}s`);
      const again = await ensureExamples(t.ctx);
      console.log(`second ensureExamples: ${again.seconds}s (created: ${again.created})`);
    } finally {
      await t.close();
      await closeAllConnections();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
