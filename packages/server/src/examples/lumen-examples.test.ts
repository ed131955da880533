import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { createTestApp, type TestApp } from '../testing/harness';
import { EXAMPLE_DATASETS, ensureExamples } from './index';
import { findLumenBundle, loadLumenExamples, readLumenBundle } from './lumen-examples';

/**
 * The viz types of Lumen's examples: every type registerBuiltInCharts registers (packages/charts/src/builtins.ts),
 * gantt_chart and tree_chart over the two small datasets generated for their shapes (project_tasks' start/end
 * time pairs, org_chart's id/parent rows), the deck.gl types over geo_points and geo_routes, world_map over the events' country codes, and country_map over region_stats' ISO 3166-2 codes.
 */
const VIZ_TYPES = [
  'table', 'echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_area', 'echarts_timeseries_scatter', 'echarts_timeseries_step',
  'echarts_timeseries_smooth', 'pie', 'big_number', 'big_number_total', 'pivot_table_v2', 'histogram_v2', 'box_plot', 'heatmap_v2',
  'bubble_v2', 'funnel', 'gauge_chart', 'word_cloud', 'treemap_v2', 'sunburst_v2', 'partition', 'sankey_v2', 'graph_chart', 'chord',
  'mixed_timeseries', 'echarts_timeseries', 'waterfall', 'radar', 'horizon', 'pop_kpi', 'bullet', 'handlebars', 'time_table', 'cal_heatmap',
  'rose', 'para', 'paired_ttest', 'time_pivot', 'gantt_chart', 'tree_chart', 'world_map', 'country_map',
  'deck_scatter', 'deck_arc', 'deck_hex', 'deck_grid', 'deck_heatmap', 'deck_screengrid', 'deck_contour', 'deck_path', 'deck_polygon', 'deck_geojson',
  'deck_multi',
];
/** Viz types whose data is other saved charts' (deck_multi layers deck charts): their own query context has no queries. */
const COMPOSING_TYPES = new Set(['deck_multi']);
const NATIVE_FILTER_TYPES = ['filter_select', 'filter_range', 'filter_time', 'filter_timegrain', 'filter_timecolumn'];

type Config = Record<string, any>;
const bundleDir = findLumenBundle()!;
const files = [...readLumenBundle(bundleDir)].map(([path, text]) => ({ path, config: parse(text) as Config }));
const bundleCharts = files.filter((f) => f.path.startsWith('charts/')).map((f) => f.config);
const bundleDatasets = files.filter((f) => f.path.startsWith('datasets/')).map((f) => f.config);
const bundleDashboards = files.filter((f) => f.path.startsWith('dashboards/')).map((f) => f.config);

describe('Lumen example bundle (examples/lumen)', () => {
  it('holds a chart of every viz type, over the five example datasets, with params and a query context', () => {
    expect(bundleDir).toMatch(/examples[/\\]lumen$/);
    const perType = new Map<string, number>();
    for (const chart of bundleCharts) perType.set(chart.viz_type, (perType.get(chart.viz_type) ?? 0) + 1);
    for (const vizType of VIZ_TYPES) expect(perType.get(vizType) ?? 0, vizType).toBeGreaterThanOrEqual(1);
    expect([...perType.keys()].every((t) => VIZ_TYPES.includes(t))).toBe(true);
    const timeseries = bundleCharts.filter((c) => /^echarts_(timeseries|area)/.test(c.viz_type));
    expect(timeseries.length).toBeGreaterThanOrEqual(10);
    const datasetUuids = new Set(EXAMPLE_DATASETS.map((d) => d.uuid));
    for (const chart of bundleCharts) {
      expect(datasetUuids.has(chart.dataset_uuid), chart.slice_name).toBe(true);
      expect(chart.params.viz_type).toBe(chart.viz_type);
      const context = JSON.parse(chart.query_context) as Config;
      expect(context.queries.length, chart.slice_name).toBeGreaterThanOrEqual(COMPOSING_TYPES.has(chart.viz_type) ? 0 : 1);
      expect(context.form_data.viz_type).toBe(chart.viz_type);
    }
    // Every dataset is used.
    expect(new Set(bundleCharts.map((c) => c.dataset_uuid))).toEqual(datasetUuids);
    expect(new Set(bundleCharts.map((c) => c.uuid)).size).toBe(bundleCharts.length);
  });

  it('describes the datasets examples/index.ts registers', () => {
    expect(bundleDatasets.map((d) => d.uuid).sort()).toEqual(EXAMPLE_DATASETS.map((d) => d.uuid).sort());
    for (const example of EXAMPLE_DATASETS) {
      const config = bundleDatasets.find((d) => d.uuid === example.uuid)!;
      expect(config).toMatchObject({ table_name: example.table_name, main_dttm_col: example.main_dttm_col, database_uuid: 'a2dc77af-e654-49bb-b321-40f6b559a1ee' });
      const metrics = Object.fromEntries(config.metrics.map((m: Config) => [m.metric_name, m.expression]));
      for (const m of example.metrics) expect(metrics[m.metric_name], m.metric_name).toBe(m.expression);
      expect(metrics.count).toBe('COUNT(*)');
    }
  });
});

describe('Lumen examples at start', () => {
  let t: TestApp;
  let dataDir: string;
  let first: { created: boolean };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lumen-lumen-examples-'));
    t = await createTestApp({ dataDir, config: { examplesEventsRows: 20_000 } });
    first = await ensureExamples(t.ctx);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await closeAllConnections();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const lumenCharts = () =>
    t.ctx.store.db.selectFrom('slices').selectAll().where('uuid', 'in', bundleCharts.map((c) => c.uuid as string)).orderBy('id').execute();

  it('imports every chart and both dashboards, owned by the admin, next to the registered datasets', async () => {
    const db = t.ctx.store.db;
    expect(first.created).toBe(true);
    const charts = await lumenCharts();
    expect(charts).toHaveLength(bundleCharts.length);
    const counts: Record<string, number> = {};
    for (const chart of charts) counts[chart.viz_type] = (counts[chart.viz_type] ?? 0) + 1;
    expect(Object.keys(counts).sort()).toEqual([...VIZ_TYPES].sort());
    const owners = await db.selectFrom('slice_user').select('user_id').distinct().where('slice_id', 'in', charts.map((c) => c.id)).execute();
    expect(owners.map((o) => o.user_id)).toEqual([t.users.admin.id]);

    // The charts point at the datasets ensureExamples registered (not copies), whose columns match the bundle.
    const datasets = await db.selectFrom('tables').selectAll().where('uuid', 'in', EXAMPLE_DATASETS.map((d) => d.uuid)).execute();
    expect(datasets).toHaveLength(8);
    for (const chart of charts) {
      const dataset = datasets.find((d) => d.id === chart.datasource_id)!;
      expect(dataset, chart.slice_name).toBeDefined();
      expect(JSON.parse(chart.params!).datasource).toBe(`${dataset.id}__table`);
      const context = JSON.parse(chart.query_context!);
      expect(context.datasource).toEqual({ id: dataset.id, type: 'table' });
      expect(context.form_data.slice_id).toBe(chart.id);
    }
    for (const dataset of datasets) {
      const config = bundleDatasets.find((d) => d.uuid === dataset.uuid)!;
      const columns = await db.selectFrom('table_columns').select(['column_name', 'type', 'is_dttm', 'expression']).where('table_id', '=', dataset.id).execute();
      const stored = Object.fromEntries(columns.map((c) => [c.column_name, [c.type, Boolean(c.is_dttm)]]));
      const declared = Object.fromEntries(config.columns.map((c: Config) => [c.column_name, [c.type, c.is_dttm]]));
      expect(stored, dataset.table_name).toEqual(declared);
    }

    const dashboards = await db.selectFrom('dashboards').selectAll().where('uuid', 'in', bundleDashboards.map((d) => d.uuid as string)).execute();
    expect(dashboards.map((d) => d.dashboard_title).sort()).toEqual(['Lumen 30 charts', 'Lumen Maps', 'Lumen Showcase']);
    const dashOwners = await db.selectFrom('dashboard_user').select('user_id').distinct().where('dashboard_id', 'in', dashboards.map((d) => d.id)).execute();
    expect(dashOwners.map((o) => o.user_id)).toEqual([t.users.admin.id]);
  });

  it('builds the Showcase with tabs, markdown, headers, dividers, columns and native filters of every type', async () => {
    const db = t.ctx.store.db;
    const dashboard = await db.selectFrom('dashboards').selectAll().where('dashboard_title', '=', 'Lumen Showcase').executeTakeFirstOrThrow();
    const position = JSON.parse(dashboard.position_json!) as Record<string, { type?: string; children?: string[]; meta?: Config }>;
    const types = new Map<string, number>();
    for (const node of Object.values(position)) if (node?.type) types.set(node.type, (types.get(node.type) ?? 0) + 1);
    expect(types.get('TABS')).toBe(1);
    expect(types.get('TAB')).toBeGreaterThanOrEqual(2);
    expect(types.get('TAB')).toBeLessThanOrEqual(3);
    for (const type of ['MARKDOWN', 'HEADER', 'DIVIDER', 'ROW', 'COLUMN', 'CHART']) expect(types.get(type) ?? 0, type).toBeGreaterThan(0);
    const layoutIds = Object.values(position).filter((n) => n?.type === 'CHART').map((n) => n.meta!.chartId as number);
    const links = await db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', dashboard.id).execute();
    expect(links.map((l) => l.slice_id).sort()).toEqual([...layoutIds].sort());
    const charts = await db.selectFrom('slices').select(['id', 'datasource_id']).where('id', 'in', layoutIds).execute();
    const datasets = await db.selectFrom('tables').select(['id', 'table_name']).where('uuid', 'in', EXAMPLE_DATASETS.map((d) => d.uuid)).execute();
    const tableOf = (chartId: number) => datasets.find((d) => d.id === charts.find((c) => c.id === chartId)!.datasource_id)!.table_name;
    expect(new Set(layoutIds.map(tableOf))).toEqual(new Set(['birth_names', 'sales', 'project_tasks', 'org_chart']));

    const metadata = JSON.parse(dashboard.json_metadata!) as { native_filter_configuration: Config[] };
    const filters = metadata.native_filter_configuration;
    const native = filters.filter((f) => f.type === 'NATIVE_FILTER');
    expect(new Set(native.map((f) => f.filterType))).toEqual(new Set(NATIVE_FILTER_TYPES));
    expect(filters.some((f) => f.type === 'DIVIDER')).toBe(true);
    const selects = native.filter((f) => f.filterType === 'filter_select');
    expect(selects.some((f) => f.controlValues.multiSelect && f.controlValues.searchAllOptions)).toBe(true);
    expect(selects.some((f) => !f.controlValues.multiSelect && (f.defaultDataMask.filterState.value ?? []).length > 0)).toBe(true);
    const child = selects.find((f) => f.cascadeParentIds.length > 0)!;
    expect(native.map((f) => f.id)).toContain(child.cascadeParentIds[0]);
    for (const filter of native) {
      // Targets were turned into this installation's dataset ids; scopes into its chart ids.
      for (const target of filter.targets) if (filter.filterType !== 'filter_time') expect(datasets.map((d) => d.id), filter.name).toContain(target.datasetId);
      expect(filter.chartsInScope.length, filter.name).toBeGreaterThan(0);
      for (const id of filter.chartsInScope) expect(layoutIds, filter.name).toContain(id);
      for (const id of filter.scope.excluded) expect(filter.chartsInScope, filter.name).not.toContain(id);
      const dataset = filter.targets[0]?.datasetId;
      if (dataset !== undefined) for (const id of filter.chartsInScope) expect(charts.find((c) => c.id === id)!.datasource_id, filter.name).toBe(dataset);
    }
  });

  it("imports the deck_multi chart's layers as this installation's chart ids, and places it on Lumen Maps", async () => {
    const charts = await lumenCharts();
    const multi = charts.find((c) => c.viz_type === 'deck_multi')!;
    const layered = (JSON.parse(multi.params!) as { deck_slices: number[] }).deck_slices;
    const byName = (name: string) => charts.find((c) => c.slice_name === name)!.id;
    expect(layered).toEqual([byName('Places by category'), byName('Flight routes by airline')]);
    const maps = await t.ctx.store.db.selectFrom('dashboards').select('id').where('dashboard_title', '=', 'Lumen Maps').executeTakeFirstOrThrow();
    const link = await t.ctx.store.db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', maps.id).where('slice_id', '=', multi.id).executeTakeFirst();
    expect(link).toBeDefined();
  });

  it('lays out at least 30 charts on Lumen 30 charts', async () => {
    const dashboard = await t.ctx.store.db.selectFrom('dashboards').selectAll().where('dashboard_title', '=', 'Lumen 30 charts').executeTakeFirstOrThrow();
    const position = JSON.parse(dashboard.position_json!) as Record<string, { type?: string; meta?: Config }>;
    const ids = Object.values(position).filter((n) => n?.type === 'CHART').map((n) => n.meta!.chartId as number);
    expect(new Set(ids).size).toBeGreaterThanOrEqual(30);
    const rows = Object.values(position).filter((n) => n?.type === 'ROW');
    expect(rows.length).toBeGreaterThanOrEqual(10);
  });

  it('runs every saved query context through POST /api/v1/chart/data and GET /api/v1/chart/{id}/data/', async () => {
    const failures: string[] = [];
    for (const chart of await lumenCharts()) {
      if (COMPOSING_TYPES.has(chart.viz_type)) continue;
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('admin'), payload: JSON.parse(chart.query_context!) });
      if (res.statusCode !== 200) {
        failures.push(`${chart.viz_type} '${chart.slice_name}': ${res.statusCode} ${res.body.slice(0, 300)}`);
        continue;
      }
      const results = res.json().result as { rowcount: number; error?: string | null; data: unknown[] }[];
      for (const [i, result] of results.entries()) {
        if (result.error) failures.push(`${chart.viz_type} '${chart.slice_name}' query ${i}: ${result.error}`);
      }
      // The first query carries the rows the chart draws.
      if (!(results[0]!.rowcount > 0)) failures.push(`${chart.viz_type} '${chart.slice_name}': no rows`);
      const saved = await t.app.inject({ method: 'GET', url: `/api/v1/chart/${chart.id}/data/`, headers: t.headers('admin') });
      if (saved.statusCode !== 200) failures.push(`GET data of ${chart.viz_type} '${chart.slice_name}': ${saved.statusCode} ${saved.body.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('lists the charts in GET /api/v1/chart/', async () => {
    const names = new Set<string>();
    for (let page = 0; page < 10; page += 1) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/chart/?q=(page:${page},page_size:100)`, headers: t.headers('admin') });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const result = res.json().result as { slice_name: string }[];
      for (const row of result) names.add(row.slice_name);
      if (result.length < 100) break;
    }
    for (const chart of bundleCharts) expect(names.has(chart.slice_name), chart.slice_name).toBe(true);
  });

  it('is a no-op on the next start and re-imports only when forced or changed', async () => {
    const again = await ensureExamples(t.ctx);
    expect(again.created).toBe(false);
    expect((await loadLumenExamples(t.ctx)).imported).toBe(false);
    const forced = await loadLumenExamples(t.ctx, { force: true });
    expect(forced.imported).toBe(true);
    expect(await lumenCharts()).toHaveLength(bundleCharts.length);
    expect(await t.ctx.store.db.selectFrom('dashboards').select('id').where('uuid', 'in', bundleDashboards.map((d) => d.uuid as string)).execute()).toHaveLength(bundleDashboards.length);
  });
});
