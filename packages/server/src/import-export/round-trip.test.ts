import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { exportedDocs, exportVia, importVia } from './test-support';

/**
 * Export from one installation, import into another: ids are remapped, content is the same, and a second
 * import of an existing object needs overwrite.
 */
describe.each(METADATA_DIALECTS)('export -> import round trip (%s)', (dialect) => {
  let source: TestApp;
  let target: TestApp;
  const ids = { database: 0, dataset: 0, chart: 0, dashboard: 0, query: 0 };

  beforeAll(async () => {
    source = await createTestApp({ dialect });
    target = await createTestApp({ dialect });
    const api = client(source);
    // Ids in the target start elsewhere, so a missed remap cannot pass by accident.
    const placeholder = await client(target).post('/api/v1/database/', { database_name: 'placeholder', sqlalchemy_uri: 'sqlite:///:memory:' });
    const placeholderDataset = await client(target).post('/api/v1/dataset/', { database: placeholder.body.id, table_name: 'p', sql: 'SELECT 1 AS a' });
    await client(target).post('/api/v1/chart/', { slice_name: 'p', viz_type: 'table', datasource_id: placeholderDataset.body.id, datasource_type: 'table' });
    ids.database = (await api.post('/api/v1/database/', { database_name: 'Sales DB', sqlalchemy_uri: 'sqlite:///:memory:' })).body.id;
    ids.dataset = (await api.post('/api/v1/dataset/', { database: ids.database, table_name: 'orders', sql: "SELECT 1 AS amount, 'EU' AS region" })).body.id;
    // Columns and metrics written directly: the API discovers columns after the response.
    const now = new Date().toISOString();
    const audit = (uuid: string) => ({ uuid, table_id: ids.dataset, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null });
    await source.ctx.store.db.deleteFrom('table_columns').where('table_id', '=', ids.dataset).execute();
    await source.ctx.store.db.deleteFrom('sql_metrics').where('table_id', '=', ids.dataset).execute();
    await source.ctx.store.db
      .insertInto('table_columns')
      .values(
        ['amount', 'region'].map((name, i) => ({
          ...audit(`00000000-0000-4000-8000-00000000000${i}`),
          column_name: name,
          type: i ? 'VARCHAR' : 'BIGINT',
          advanced_data_type: null,
          verbose_name: i ? 'Region' : null,
          description: null,
          expression: null,
          filterable: 1,
          groupby: 1,
          is_active: 1,
          is_dttm: 0,
          python_date_format: null,
          extra: null,
        })),
      )
      .execute();
    await source.ctx.store.db
      .insertInto('sql_metrics')
      .values(
        [['count', 'COUNT(*)'], ['sum_amount', 'SUM(amount)']].map(([name, expression], i) => ({
          ...audit(`00000000-0000-4000-8000-00000000001${i}`),
          metric_name: name!,
          metric_type: null,
          expression: expression!,
          description: null,
          d3format: i ? ',.2f' : null,
          currency: null,
          verbose_name: null,
          warning_text: null,
          extra: null,
        })),
      )
      .execute();
    const params = { viz_type: 'table', metrics: ['count'], groupby: ['region'], datasource: `${ids.dataset}__table` };
    const queryContext = { datasource: { id: ids.dataset, type: 'table' }, queries: [{ columns: ['region'], metrics: ['count'] }], form_data: params };
    ids.chart = (
      await api.post('/api/v1/chart/', {
        slice_name: 'Orders by region',
        viz_type: 'table',
        datasource_id: ids.dataset,
        datasource_type: 'table',
        params: JSON.stringify(params),
        query_context: JSON.stringify(queryContext),
      })
    ).body.id;
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'], parents: ['ROOT_ID'] },
      'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-1'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
      'CHART-1': { type: 'CHART', id: 'CHART-1', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId: ids.chart, width: 4, height: 50 } },
    };
    const metadata = {
      color_scheme: 'supersetColors',
      expanded_slices: { [ids.chart]: true },
      native_filter_configuration: [
        {
          id: 'NATIVE_FILTER-1',
          name: 'Region',
          filterType: 'filter_select',
          targets: [{ column: { name: 'region' }, datasetId: ids.dataset }],
          scope: { rootPath: ['ROOT_ID'], excluded: [] },
          chartsInScope: [ids.chart],
          controlValues: {},
          defaultDataMask: { filterState: {} },
          cascadeParentIds: [],
          type: 'NATIVE_FILTER',
        },
      ],
    };
    const dashboard = await api.post('/api/v1/dashboard/', {
      dashboard_title: 'Sales / Overview',
      published: true,
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify(metadata),
    });
    ids.dashboard = dashboard.body.id;
    ids.query = (await api.post('/api/v1/saved_query/', { db_id: ids.database, label: 'Top regions', sql: 'SELECT 1', schema: 'main' })).body.id;
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('exports a dashboard with its charts, datasets and databases in the incumbent layout', async () => {
    const res = await exportVia(source, 'dashboard', [ids.dashboard]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dashboard_export_\d{8}T\d{6}\.zip"$/);
    const { root, docs } = exportedDocs(res.zip);
    expect(root).toMatch(/^dashboard_export_\d{8}T\d{6}$/);
    expect(Object.keys(docs).sort()).toEqual([
      `charts/Orders_by_region_${ids.chart}.yaml`,
      `dashboards/Sales_Overview_${ids.dashboard}.yaml`,
      'databases/Sales_DB.yaml',
      'datasets/Sales_DB/orders.yaml',
      'metadata.yaml',
    ]);
    expect(docs['metadata.yaml']).toMatchObject({ version: '1.0.0', type: 'Dashboard' });
    const dashboard = docs[`dashboards/Sales_Overview_${ids.dashboard}.yaml`];
    const chart = docs[`charts/Orders_by_region_${ids.chart}.yaml`];
    const dataset = docs['datasets/Sales_DB/orders.yaml'];
    expect(dashboard.position['CHART-1'].meta.uuid).toBe(chart.uuid);
    expect(dashboard.metadata.native_filter_configuration[0].targets).toEqual([{ column: { name: 'region' }, datasetUuid: dataset.uuid }]);
    expect(chart).toMatchObject({ slice_name: 'Orders by region', viz_type: 'table', dataset_uuid: dataset.uuid, version: '1.0.0' });
    expect(typeof chart.query_context).toBe('string');
    expect(dataset.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['amount', 'region']);
    expect(dataset.metrics.map((m: { metric_name: string; d3format: string | null }) => [m.metric_name, m.d3format])).toEqual([['count', null], ['sum_amount', ',.2f']]);
    expect(docs['databases/Sales_DB.yaml']).toMatchObject({ database_name: 'Sales DB', sqlalchemy_uri: 'sqlite:///:memory:', version: '1.0.0' });
  });

  it('imports the dashboard elsewhere with ids remapped and content equal', async () => {
    const exported = await exportVia(source, 'dashboard', [ids.dashboard]);
    const res = await importVia(target, 'dashboard', { file: exported.zip }, 'alpha');
    // Alpha may not create databases: the incumbent refuses, naming the file.
    expect(res.status).toBe(422);
    expect(res.body.errors[0].extra['databases/Sales_DB.yaml']._schema[0]).toMatch(/permission/);
    const ok = await importVia(target, 'dashboard', { file: exported.zip });
    expect(ok).toEqual({ status: 200, body: { message: 'OK' } });

    const db = target.ctx.store.db;
    const { docs } = exportedDocs(exported.zip);
    const chartDoc = docs[`charts/Orders_by_region_${ids.chart}.yaml`];
    const dashboard = await db.selectFrom('dashboards').selectAll().where('uuid', '=', docs[`dashboards/Sales_Overview_${ids.dashboard}.yaml`].uuid).executeTakeFirstOrThrow();
    const chart = await db.selectFrom('slices').selectAll().where('uuid', '=', chartDoc.uuid).executeTakeFirstOrThrow();
    const dataset = await db.selectFrom('tables').selectAll().where('uuid', '=', chartDoc.dataset_uuid).executeTakeFirstOrThrow();
    const database = await db.selectFrom('dbs').selectAll().where('id', '=', dataset.database_id).executeTakeFirstOrThrow();
    expect(chart.id).not.toBe(ids.chart);
    expect(dataset.id).not.toBe(ids.dataset);
    expect(database).toMatchObject({ database_name: 'Sales DB', backend: 'sqlite' });
    expect(chart.datasource_id).toBe(dataset.id);
    expect(JSON.parse(chart.params!).datasource).toBe(`${dataset.id}__table`);
    expect(JSON.parse(chart.query_context!).datasource).toEqual({ id: dataset.id, type: 'table' });
    const position = JSON.parse(dashboard.position_json!);
    expect(position['CHART-1'].meta.chartId).toBe(chart.id);
    const metadata = JSON.parse(dashboard.json_metadata!);
    expect(metadata.native_filter_configuration[0].targets[0]).toEqual({ column: { name: 'region' }, datasetId: dataset.id });
    expect(metadata.native_filter_configuration[0].chartsInScope).toEqual([chart.id]);
    expect(metadata.expanded_slices).toEqual({ [chart.id]: true });
    expect(await db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', dashboard.id).execute()).toEqual([{ slice_id: chart.id }]);
    expect(await db.selectFrom('dashboard_user').select('user_id').where('dashboard_id', '=', dashboard.id).execute()).toEqual([{ user_id: target.users.admin.id }]);
    expect(await db.selectFrom('slice_user').select('user_id').where('slice_id', '=', chart.id).execute()).toEqual([{ user_id: target.users.admin.id }]);

    // Exporting it again from the target gives the same documents, apart from ids.
    const again = exportedDocs((await exportVia(target, 'dashboard', [dashboard.id])).zip).docs;
    const strip = (docs: Record<string, any>) =>
      Object.fromEntries(
        Object.entries(docs)
          .filter(([path]) => path !== 'metadata.yaml')
          .map(([path, doc]) => [path.replace(/_\d+\.yaml$/, '.yaml'), JSON.parse(JSON.stringify(doc), (key, value) => (['chartId', 'datasource', 'chartsInScope', 'expanded_slices', 'query_context'].includes(key) ? undefined : value))]),
      );
    expect(strip(again)).toEqual(strip(docs));
  });

  it('asks for overwrite when a chart exists, then updates it in place', async () => {
    await client(source).put(`/api/v1/chart/${ids.chart}`, { slice_name: 'Orders by region (v2)' });
    const exported = await exportVia(source, 'chart', [ids.chart]);
    const refused = await importVia(target, 'chart', { file: exported.zip });
    expect(refused.status).toBe(422);
    const path = `charts/Orders_by_region_v2_${ids.chart}.yaml`;
    expect(refused.body.errors[0]).toMatchObject({ error_type: 'GENERIC_COMMAND_ERROR', extra: { [path]: 'Chart already exists and `overwrite=true` was not passed' } });
    expect(refused.body.message).toContain('already exists and overwrite was not passed');
    const before = await target.ctx.store.db.selectFrom('slices').select(['id', 'slice_name']).execute();

    const ok = await importVia(target, 'chart', { file: exported.zip, fields: { overwrite: 'true' } });
    expect(ok.status).toBe(200);
    const after = await target.ctx.store.db.selectFrom('slices').select(['id', 'slice_name']).execute();
    expect(after).toHaveLength(before.length);
    expect(after.find((c) => c.slice_name === 'Orders by region (v2)')?.id).toBe(before.find((c) => c.slice_name === 'Orders by region')?.id);
  });

  it('round-trips datasets, databases and saved queries', async () => {
    const dataset = await exportVia(source, 'dataset', [ids.dataset]);
    expect(Object.keys(exportedDocs(dataset.zip).docs).sort()).toEqual(['databases/Sales_DB.yaml', 'datasets/Sales_DB/orders.yaml', 'metadata.yaml']);
    expect((await importVia(target, 'dataset', { file: dataset.zip })).status).toBe(422);
    expect((await importVia(target, 'dataset', { file: dataset.zip, fields: { overwrite: 'true' } })).status).toBe(200);

    const database = await exportVia(source, 'database', [ids.database]);
    expect(exportedDocs(database.zip).docs['metadata.yaml'].type).toBe('Database');
    expect(Object.keys(exportedDocs(database.zip).docs)).toContain('datasets/Sales_DB/orders.yaml');
    expect((await importVia(target, 'database', { file: database.zip, fields: { overwrite: 'true' } })).status).toBe(200);

    const query = await exportVia(source, 'saved_query', [ids.query]);
    const queryDocs = exportedDocs(query.zip).docs;
    expect(queryDocs['queries/Sales_DB/main/Top_regions.yaml']).toMatchObject({ label: 'Top regions', sql: 'SELECT 1', schema: 'main' });
    expect((await importVia(target, 'saved_query', { file: query.zip })).status).toBe(200);
    const imported = await target.ctx.store.db.selectFrom('saved_query').selectAll().where('uuid', '=', queryDocs['queries/Sales_DB/main/Top_regions.yaml'].uuid).executeTakeFirstOrThrow();
    const targetDb = await target.ctx.store.db.selectFrom('dbs').select('id').where('database_name', '=', 'Sales DB').executeTakeFirstOrThrow();
    expect(imported).toMatchObject({ label: 'Top regions', db_id: targetDb.id, user_id: target.users.admin.id });
    expect(await target.ctx.store.db.selectFrom('dbs').select('id').where('database_name', '=', 'Sales DB').execute()).toHaveLength(1);
  });

  it('exports everything with /api/v1/assets/export/', async () => {
    const res = await source.app.inject({ method: 'GET', url: '/api/v1/assets/export/', headers: source.headers('admin') });
    expect(res.statusCode).toBe(200);
    const { docs } = exportedDocs(new Uint8Array(res.rawPayload));
    expect(docs['metadata.yaml'].type).toBe('assets');
    expect(Object.keys(docs).filter((p) => p.startsWith('queries/'))).toHaveLength(1);
    expect((await source.app.inject({ method: 'GET', url: '/api/v1/assets/export/', headers: source.headers('alpha') })).statusCode).toBe(403);
  });
});
