import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing';
import { exportedDocs, exportVia, importVia } from './test-support';

/**
 * Exporting a deck_multi chart, or a dashboard holding one, brings the charts it layers (which are on no
 * dashboard here) with their datasets and databases; importing the bundle on a fresh installation maps
 * deck_slices to the new ids and the multi chart's data is its layers' again. SQLite metadata, DuckDB data.
 */
describe('deck_multi export -> import round trip', () => {
  let source: TestApp;
  let target: TestApp;
  let pointsChart: number;
  let routesChart: number;
  let multiId: number;
  let dashboardId: number;
  const multiFilter = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'region', operator: '==', comparator: 'North' };

  const addChart = async (datasetId: number, vizType: string, name: string) => {
    const now = nowIso();
    const row = await source.ctx.store.db
      .insertInto('slices')
      .values({ uuid: crypto.randomUUID(), slice_name: name, viz_type: vizType, datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify({ viz_type: vizType, row_limit: 100 }), query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['region'], metrics: ['count'], row_limit: 100 }] }), is_managed_externally: 0, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id as number;
  };

  beforeAll(async () => {
    source = await createTestApp({ dialect: 'sqlite' });
    target = await createTestApp({ dialect: 'sqlite' });
    const salesId = await seedSalesDataset(source, 'sales');
    const pointsId = await seedSalesDataset(source, 'points');
    const routesId = await seedSalesDataset(source, 'routes');
    // Ids in the target start elsewhere, so a missed remap cannot pass by accident.
    const filler = await seedSalesDataset(target, 'filler');
    await seedDashboard(target, { title: 'Filler', datasetIds: [filler, filler, filler, filler, filler] });
    pointsChart = await addChart(pointsId, 'deck_scatter', 'Places');
    routesChart = await addChart(routesId, 'deck_arc', 'Flight routes');
    const dash = await seedDashboard(source, { title: 'Maps', datasetIds: [salesId] });
    dashboardId = dash.dashboardId;
    multiId = dash.chartIds[0]!;
    await source.ctx.store.db
      .updateTable('slices')
      .set({ viz_type: 'deck_multi', slice_name: 'Layers', params: JSON.stringify({ viz_type: 'deck_multi', deck_slices: [pointsChart, routesChart], adhoc_filters: [multiFilter] }), query_context: JSON.stringify({ datasource: { id: salesId, type: 'table' }, queries: [] }) })
      .where('id', '=', multiId)
      .execute();
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['CHART-1'], parents: ['ROOT_ID'] },
      'CHART-1': { type: 'CHART', id: 'CHART-1', children: [], parents: ['ROOT_ID', 'GRID_ID'], meta: { chartId: multiId, width: 12, height: 50 } },
    };
    await source.ctx.store.db.updateTable('dashboards').set({ position_json: JSON.stringify(position) }).where('id', '=', dashboardId).execute();
    // The embedding fixtures' uuids are not UUIDs, which an import refuses: give every row a real one.
    for (const table of ['dbs', 'tables', 'table_columns', 'sql_metrics', 'slices', 'dashboards'] as const) {
      const rows = await source.ctx.store.db.selectFrom(table).select('id').execute();
      for (const row of rows) await source.ctx.store.db.updateTable(table).set({ uuid: crypto.randomUUID() } as never).where('id', '=', row.id as never).execute();
    }
  });
  afterAll(async () => {
    await closeAllConnections();
    await source?.close();
    await target?.close();
  });

  it('exports a deck_multi chart with the charts it layers, their datasets and databases', async () => {
    const res = await exportVia(source, 'chart', [multiId]);
    expect(res.status, res.body).toBe(200);
    const { docs } = exportedDocs(res.zip);
    const charts = Object.entries(docs).filter(([path]) => path.startsWith('charts/')).map(([, doc]) => doc);
    expect(charts.map((c) => c.slice_name).sort()).toEqual(['Flight routes', 'Layers', 'Places']);
    // Each layered chart carries its exporting id, which the import maps deck_slices through.
    expect(charts.find((c) => c.slice_name === 'Places').params.slice_id).toBe(pointsChart);
    const tables = Object.keys(docs).filter((path) => path.startsWith('datasets/')).map((path) => path.split('/').pop());
    expect(tables.sort()).toEqual(['points.yaml', 'routes.yaml', 'sales.yaml']);
    expect(Object.keys(docs).filter((path) => path.startsWith('databases/'))).toHaveLength(3);
  });

  it("imports a dashboard's bundle elsewhere with deck_slices mapped, and the multi chart's data is its layers'", async () => {
    const exported = await exportVia(source, 'dashboard', [dashboardId]);
    expect(exported.status, exported.body).toBe(200);
    const imported = await importVia(target, 'dashboard', { file: exported.zip });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const { db } = target.ctx.store;
    const multi = await db.selectFrom('slices').select(['id', 'params']).where('slice_name', '=', 'Layers').executeTakeFirstOrThrow();
    const byName = async (name: string) => (await db.selectFrom('slices').select('id').where('slice_name', '=', name).executeTakeFirstOrThrow()).id as number;
    const local = [await byName('Places'), await byName('Flight routes')];
    expect(local).not.toEqual([pointsChart, routesChart]);
    expect(JSON.parse(multi.params as string).deck_slices).toEqual(local);
    const data = await target.app.inject({ method: 'GET', url: `/api/v1/chart/${multi.id}/data/`, headers: target.headers('admin') });
    expect(data.statusCode, data.body).toBe(200);
    const layers = data.json().result;
    expect(layers.map((l: { deck_layer?: { sliceName: string } }) => l.deck_layer?.sliceName)).toEqual(['Places', 'Flight routes']);
    for (const layer of layers) expect(layer.deck_layer.queriesData[0].data).toEqual([{ region: 'North', count: 40 }]);
  });
});
