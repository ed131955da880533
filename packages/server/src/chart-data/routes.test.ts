import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, getEngineSpec, parseConnectTarget } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

/** A DuckDB file with a small sales table, registered as database + dataset through the metadata store. */
async function seedSales(t: TestApp): Promise<{ datasetId: number; databaseId: number }> {
  const path = join(t.config.dataDir, 'sales.duckdb');
  const client = await getEngineSpec('duckdb').connect(parseConnectTarget(`duckdb:///${path}`));
  await client.execute(`CREATE TABLE sales AS SELECT i AS id, TIMESTAMP '2024-01-01' + INTERVAL (i) DAY AS ds,
    ['North','South','East'][1 + i % 3] AS region, (i * 7) % 11 AS qty, (i % 5) * 1.5 AS price FROM range(120) t(i)`);
  await client.close();
  const { db } = t.ctx.store;
  const now = nowIso();
  const audit = { created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null };
  const database = await db
    .insertInto('dbs')
    .values({ uuid: `db-${Math.random()}`, database_name: `sales-${Math.random()}`, sqlalchemy_uri: `duckdb:///${path}`, backend: 'duckdb', ...audit } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataset = await db
    .insertInto('tables')
    .values({ uuid: `ds-${Math.random()}`, table_name: 'sales', database_id: database.id, main_dttm_col: 'ds', ...audit } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const columns: [string, string, number][] = [['id', 'BIGINT', 0], ['ds', 'TIMESTAMP', 1], ['region', 'VARCHAR', 0], ['qty', 'BIGINT', 0], ['price', 'DOUBLE', 0]];
  for (const [name, type, dttm] of columns) {
    await db.insertInto('table_columns').values({ uuid: `c-${name}-${Math.random()}`, table_id: dataset.id, column_name: name, type, is_dttm: dttm, ...audit } as never).execute();
  }
  await db.insertInto('sql_metrics').values({ uuid: `m-${Math.random()}`, table_id: dataset.id, metric_name: 'count', expression: 'COUNT(*)', ...audit } as never).execute();
  await db.insertInto('sql_metrics').values({ uuid: `m-${Math.random()}`, table_id: dataset.id, metric_name: 'sum__qty', expression: 'SUM(qty)', ...audit } as never).execute();
  return { datasetId: dataset.id, databaseId: database.id };
}

describe.each(METADATA_DIALECTS)('POST /api/v1/chart/data on %s metadata', (dialect) => {
  let t: TestApp;
  let datasetId: number;
  const body = (queries: unknown[], extra: Record<string, unknown> = {}) => ({ datasource: { id: datasetId, type: 'table' }, queries, ...extra });
  const post = (payload: unknown, user = 'alpha', url = '/api/v1/chart/data') =>
    t.app.inject({ method: 'POST', url, headers: user ? t.headers(user) : {}, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ({ datasetId } = await seedSales(t));
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('answers the incumbent response shape and caches the second call', async () => {
    const payload = body([{ columns: ['region'], metrics: ['count', 'sum__qty'], orderby: [['region', true]] }]);
    const first = await post(payload);
    expect(first.statusCode).toBe(200);
    const [result] = first.json().result;
    expect(result).toMatchObject({ colnames: ['region', 'count', 'sum__qty'], coltypes: [1, 0, 0], rowcount: 3, is_cached: false, status: 'success' });
    expect(result.data).toEqual([
      { region: 'East', count: 40, sum__qty: expect.any(Number) },
      { region: 'North', count: 40, sum__qty: expect.any(Number) },
      { region: 'South', count: 40, sum__qty: expect.any(Number) },
    ]);
    expect(result.query).toContain('GROUP BY');
    const second = await post(payload);
    expect(second.json().result[0]).toMatchObject({ is_cached: true, data: result.data });
    expect(second.json().result[0].cached_dttm).toMatch(/^\d{4}-/);
    const forced = await post({ ...payload, force: true });
    expect(forced.json().result[0].is_cached).toBe(false);
  });

  it("answers column arrays for result_layout 'columns' (Lumen-only), cached apart from the records", async () => {
    const payload = body([{ columns: ['region'], metrics: ['count', 'sum__qty'], orderby: [['region', true]] }]);
    const records = (await post(payload)).json().result[0];
    const first = await post({ ...payload, result_layout: 'columns' });
    expect(first.statusCode).toBe(200);
    const [result] = first.json().result;
    expect(result).not.toHaveProperty('data');
    expect(result).toMatchObject({ colnames: ['region', 'count', 'sum__qty'], coltypes: [1, 0, 0], rowcount: 3, is_cached: false });
    expect(result.columns).toEqual([['East', 'North', 'South'], [40, 40, 40], records.data.map((r: { sum__qty: number }) => r.sum__qty)]);
    const second = (await post({ ...payload, result_layout: 'columns' })).json().result[0];
    expect(second).toMatchObject({ is_cached: true, columns: result.columns });
    expect(second).not.toHaveProperty('data');
    // The records entry of the same query is untouched by the columnar one.
    expect((await post(payload)).json().result[0]).toMatchObject({ is_cached: true, data: records.data });
    const bad = await post({ ...payload, result_layout: 'rows' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('result_layout must be one of records, columns');
  });

  it('returns temporal buckets as epoch milliseconds and applies post-processing', async () => {
    const res = await post(
      body([
        {
          columns: [{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1M' }],
          metrics: ['count'],
          time_range: '2024-01-01 : 2024-03-01',
          granularity: 'ds',
          post_processing: [{ operation: 'cum', options: { operator: 'sum', columns: { count: 'count' } } }],
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const [result] = res.json().result;
    expect(result.coltypes[0]).toBe(2);
    expect(result.data.map((r: { ds: number }) => new Date(r.ds).toISOString().slice(0, 7))).toEqual(['2024-01', '2024-02']);
    expect(result.data.map((r: { count: number }) => r.count)).toEqual([31, 60]);
  });

  it('serves CSV, the SQL, samples, columns and time grains', async () => {
    const csv = await post(body([{ columns: ['region'], metrics: ['count'], orderby: [['region', true]] }], { result_format: 'csv' }));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe('region,count\r\nEast,40\r\nNorth,40\r\nSouth,40\r\n');
    const query = await post(body([{ columns: ['region'], metrics: ['count'], filters: [{ col: 'region', op: '==', val: "O'x" }] }], { result_type: 'query' }));
    expect(query.json().result[0].query).toContain("region\" = 'O''x'");
    const samples = await post(body([{ filters: [{ col: 'region', op: '==', val: 'East' }] }], { result_type: 'samples' }));
    expect(samples.json().result[0].colnames).toEqual(['id', 'ds', 'region', 'qty', 'price']);
    expect(samples.json().result[0].rowcount).toBe(40);
    const columns = await post(body([{}], { result_type: 'columns' }));
    expect(columns.json().result[0].data.map((c: { column_name: string }) => c.column_name)).toContain('price');
    const grains = await post(body([{}], { result_type: 'timegrains' }));
    expect(grains.json().result[0].data).toContainEqual({ name: 'Week starting Sunday', function: '1969-12-28T00:00:00Z/P1W', duration: '1969-12-28T00:00:00Z/P1W' });
  });

  it('uses a saved chart query context with form_data={slice_id} and GET /chart/{id}/data/', async () => {
    const now = nowIso();
    const context = body([{ columns: [], metrics: ['count'] }]);
    const slice = await t.ctx.store.db
      .insertInto('slices')
      .values({ uuid: `s-${Math.random()}`, slice_name: 'c', viz_type: 'big_number_total', datasource_id: datasetId, datasource_type: 'table', params: '{}', query_context: JSON.stringify(context), created_on: now, changed_on: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const viaParam = await t.app.inject({ method: 'POST', url: `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: slice.id }))}`, headers: t.headers('gamma') });
    expect(viaParam.statusCode).toBe(200);
    expect(viaParam.json().result[0].data).toEqual([{ count: 120 }]);
    const viaGet = await t.app.inject({ method: 'GET', url: `/api/v1/chart/${slice.id}/data/?format=csv`, headers: t.headers('gamma') });
    expect(viaGet.body).toBe('count\r\n120\r\n');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/chart/999999/data/', headers: t.headers('gamma') })).statusCode).toBe(404);

    // The saved chart serves as an annotation layer of another query.
    const annotated = await post(body([{ columns: ['region'], metrics: ['count'], annotation_layers: [{ name: 'Total', sourceType: 'table', value: slice.id, show: true }, { name: 'f', sourceType: 'FORMULA', value: 'x*2' }] }]));
    expect(annotated.json().result[0].annotation_data).toEqual({ Total: { records: [{ count: 120 }] } });
    const missing = await post(body([{ metrics: ['count'], annotation_layers: [{ name: 'Gone', sourceType: 'line', value: 424242 }] }]));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain("Annotation layer 'Gone'");
  });

  it('applies row-level security rules of the user roles', async () => {
    const { db } = t.ctx.store;
    const now = nowIso();
    const rule = await db
      .insertInto('row_level_security_filters')
      .values({ name: `gamma-north-${dialect}`, filter_type: 'Regular', clause: "region = 'North'", created_on: now, changed_on: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const gammaRole = await db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
    await db.insertInto('rls_filter_roles').values({ rls_filter_id: rule.id, role_id: gammaRole.id }).execute();
    await db.insertInto('rls_filter_tables').values({ rls_filter_id: rule.id, table_id: datasetId }).execute();
    const payload = body([{ columns: [], metrics: ['count'] }]);
    expect((await post(payload, 'gamma')).json().result[0].data).toEqual([{ count: 40 }]);
    expect((await post(payload, 'alpha')).json().result[0].data).toEqual([{ count: 120 }]);
    await db.deleteFrom('row_level_security_filters').where('id', '=', rule.id).execute();
  });

  it("serves each user the annotation rows of their own RLS, whoever's answer the cache holds", async () => {
    const { db } = t.ctx.store;
    const now = nowIso();
    const audit = { created_on: now, changed_on: now };
    // A second dataset over the same table, with an RLS rule for Gamma: the annotation layer's dataset.
    const main = await db.selectFrom('tables').selectAll().where('id', '=', datasetId).executeTakeFirstOrThrow();
    const layerDataset = await db
      .insertInto('tables')
      .values({ uuid: `ds-${Math.random()}`, table_name: 'sales', database_id: main.database_id, ...audit } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('sql_metrics').values({ uuid: `m-${Math.random()}`, table_id: layerDataset.id, metric_name: 'count', expression: 'COUNT(*)', ...audit } as never).execute();
    await db.insertInto('table_columns').values({ uuid: `c-${Math.random()}`, table_id: layerDataset.id, column_name: 'region', type: 'VARCHAR', is_dttm: 0, ...audit } as never).execute();
    const rule = await db
      .insertInto('row_level_security_filters')
      .values({ name: `gamma-layer-${dialect}`, filter_type: 'Regular', clause: "region = 'North'", ...audit } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const gammaRole = await db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
    await db.insertInto('rls_filter_roles').values({ rls_filter_id: rule.id, role_id: gammaRole.id }).execute();
    await db.insertInto('rls_filter_tables').values({ rls_filter_id: rule.id, table_id: layerDataset.id }).execute();
    const layerContext = { datasource: { id: layerDataset.id, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }] };
    const slice = await db
      .insertInto('slices')
      .values({ uuid: `s-${Math.random()}`, slice_name: 'layer', viz_type: 'big_number_total', datasource_id: layerDataset.id, datasource_type: 'table', params: '{}', query_context: JSON.stringify(layerContext), ...audit } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      // The main query reads the dataset without RLS: the same SQL for both users.
      const annotated = body([{ columns: ['region'], metrics: ['count'], annotation_layers: [{ name: 'Layer', sourceType: 'table', value: slice.id, show: true }] }]);
      const forAlpha = await post(annotated, 'alpha');
      expect(forAlpha.json().result[0].annotation_data).toEqual({ Layer: { records: [{ count: 120 }] } });
      const forGamma = await post(annotated, 'gamma');
      expect(forGamma.json().result[0].annotation_data).toEqual({ Layer: { records: [{ count: 40 }] } });
      const again = await post(annotated, 'gamma');
      expect(again.json().result[0]).toMatchObject({ is_cached: true, annotation_data: { Layer: { records: [{ count: 40 }] } } });
    } finally {
      await db.deleteFrom('row_level_security_filters').where('id', '=', rule.id).execute();
    }
  });

  it('refuses bad requests with 400 and no query', async () => {
    const cases: [unknown, RegExp][] = [
      [{ queries: [{}] }, /datasource must be an object/],
      [{ datasource: { id: 'x', type: 'table' }, queries: [{}] }, /datasource.id must be a positive integer/],
      [{ datasource: { id: 1, type: 'druid' }, queries: [{}] }, /Datasource type 'druid' is not supported/],
      [body([]), /queries must be a non-empty list/],
      [body([{ columns: ['nope'], metrics: ['count'] }]), /Column 'nope' does not exist/],
      [body([{ metrics: ['count'], filters: [{ col: 'region', op: 'SOUNDS LIKE', val: 'x' }] }]), /is not a filter operator/],
      [body([{ metrics: ['count'], time_range: 'yesteryear : now', granularity: 'ds' }]), /Invalid time range 'yesteryear : now'/],
      [body([{ metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*); DROP TABLE sales' }] }]), /second statement/],
      [body([{ metrics: ['count'] }], { result_type: 'everything' }), /result_type must be one of/],
      [body([{ metrics: ['count'], post_processing: [{ operation: 'explode' }] }]), /Invalid post processing operation: explode/],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: { ...t.headers('alpha'), 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers 401 anonymous, 403 without dataset access, 404 for a missing dataset', async () => {
    const payload = body([{ metrics: ['count'] }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', payload })).statusCode).toBe(401);
    const { db } = t.ctx.store;
    await db.insertInto('ab_role').values({ name: `Nobody-${dialect}` }).execute();
    await t.addUser(`nobody_${dialect}`, [`Nobody-${dialect}`]);
    const denied = await post(payload, `nobody_${dialect}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    expect((await post({ datasource: { id: 987654, type: 'table' }, queries: [{ metrics: ['count'] }] })).statusCode).toBe(404);
  });

  it('serves the legacy explore_json endpoint types from form data', async () => {
    const formData = { datasource: `${datasetId}__table`, viz_type: 'table', groupby: ['region'], metrics: ['count'], row_limit: 10, adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'region', operator: 'IN', comparator: ['East', 'West'] }] };
    const url = (flag: string) => `/superset/explore_json/?${flag}&form_data=${encodeURIComponent(JSON.stringify(formData))}`;
    const full = await t.app.inject({ method: 'POST', url: url(''), headers: t.headers('alpha') });
    expect(full.statusCode).toBe(200);
    expect(full.json().data).toEqual([{ region: 'East', count: 40 }]);
    expect(full.json().form_data.viz_type).toBe('table');
    const query = await t.app.inject({ method: 'POST', url: url('query=true'), headers: t.headers('alpha') });
    expect(query.json().query).toContain("IN ('East', 'West')");
    const csv = await t.app.inject({ method: 'POST', url: url('csv=true'), headers: t.headers('alpha') });
    expect(csv.body).toBe('region,count\r\nEast,40\r\n');
    const bad = await t.app.inject({ method: 'POST', url: '/superset/explore_json/?form_data=%7Bnope', headers: t.headers('alpha') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('form_data is not valid JSON');
  });

  it('pages samples through /datasource/samples', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/datasource/samples?datasource_type=table&datasource_id=${datasetId}&per_page=10&page=2`, headers: t.headers('alpha'), payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ page: 2, per_page: 10, rowcount: 10 });
    const bad = await t.app.inject({ method: 'POST', url: `/datasource/samples?datasource_id=${datasetId}&per_page=0`, headers: t.headers('alpha'), payload: {} });
    expect(bad.statusCode).toBe(400);
  });
});
