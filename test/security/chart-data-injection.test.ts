import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, type EngineClient, getEngineSpec, parseConnectTarget } from '../../packages/server/src/engines';
import { createTestApp, mintTestGuestToken, type TestApp } from '../../packages/server/src/testing';
import { expressionPayloads, IDENTIFIER_PAYLOADS, materialise } from './injection-corpus';

/**
 * The chart-data injection suite (issue 13): every payload of the corpus in every string field of a query
 * context, on each engine, as a Gamma user under a Regular RLS rule and as an embedded guest whose token
 * carries the same rule. Each answer must be a refusal or rows the RLS allows: no row of another region
 * (their notes say LEAK-), nothing of a table no dataset exposes (PRIVATE-MARKER), no byte of a file on the
 * server (FILE-MARKER), no file written, the table unchanged. The engine connections use privileged roles
 * on purpose: the parser wall must hold on its own (the read-only role is the second wall).
 */
const suffix = randomBytes(4).toString('hex');
const dir = mkdtempSync(join(tmpdir(), 'lumen-injection-'));
const fileMarker = `FILE-MARKER-${suffix}`;
const secretFile = join(dir, 'secret.txt');
writeFileSync(secretFile, `${fileMarker}\n`);
chmodSync(dir, 0o755);
chmodSync(secretFile, 0o644);
const outFile = join(dir, `written-${suffix}.txt`);

const ENGINES = [
  { name: 'duckdb', uri: `duckdb:///${join(dir, 'inj.duckdb')}` },
  { name: 'sqlite', uri: `sqlite:///${join(dir, 'inj.sqlite')}` },
  { name: 'postgresql', uri: 'postgresql://postgres@127.0.0.1:5432/test' },
  { name: 'mysql', uri: 'mysql://root@127.0.0.1:3306/test' },
];

const REGIONS = ['North', 'South', 'East'];
const ROWS = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, region: REGIONS[i % 3]!, amount: i * 3, note: i % 3 === 0 ? `ok-${i + 1}` : `LEAK-${i + 1}` }));
const NORTH = ROWS.filter((r) => r.region === 'North').length;

/** Where each expression payload goes: the fields of a query object that hold SQL text. */
const EXPRESSION_FIELDS: Record<string, (p: string) => Record<string, unknown>> = {
  metric: (p) => ({ columns: ['note'], metrics: [{ expressionType: 'SQL', sqlExpression: p, label: 'm' }] }),
  column: (p) => ({ columns: ['note', { expressionType: 'SQL', sqlExpression: p, label: 'c' }], metrics: [] }),
  filterColumn: (p) => ({ columns: ['note'], metrics: [], filters: [{ col: { sqlExpression: p, label: 'f' }, op: 'IS NOT NULL' }] }),
  where: (p) => ({ columns: ['note'], metrics: [], extras: { where: p } }),
  having: (p) => ({ columns: ['note'], metrics: ['count'], extras: { having: p } }),
  orderby: (p) => ({ columns: ['note'], metrics: ['count'], orderby: [[{ expressionType: 'SQL', sqlExpression: p, label: 'o' }, true]] }),
  seriesLimitMetric: (p) => ({ columns: ['note'], metrics: ['count'], series_limit: 5, series_limit_metric: { expressionType: 'SQL', sqlExpression: p, label: 's' } }),
};

/** Where each identifier payload goes: names and labels, which are looked up or quoted, never parsed. */
const IDENTIFIER_FIELDS: Record<string, (p: string) => Record<string, unknown>> = {
  columnName: (p) => ({ columns: [p], metrics: [] }),
  metricName: (p) => ({ columns: ['note'], metrics: [p] }),
  metricLabel: (p) => ({ columns: ['note'], metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT', column: null, label: p }] }),
  filterColumnName: (p) => ({ columns: ['note'], metrics: [], filters: [{ col: p, op: '==', val: 'x' }] }),
  granularity: (p) => ({ columns: ['note'], metrics: [], granularity: p, time_range: 'Last year' }),
};

describe.each(ENGINES)('chart-data injection corpus on $name', (engine) => {
  const spec = getEngineSpec(engine.name);
  const table = `inj_${suffix}`;
  const privateTable = `inj_private_${suffix}`;
  let t: TestApp;
  let client: EngineClient;
  let datasetId: number;
  let chartId: number;
  let guestToken: string;
  const seen = { refused: 0, answered: 0 };

  const fill = (payload: string) => materialise(payload, { table, privateTable, file: secretFile, out: outFile });

  beforeAll(async () => {
    client = await spec.connect(parseConnectTarget(engine.uri));
    for (const name of [table, privateTable, 'pwned']) await client.execute(`DROP TABLE IF EXISTS ${name}`);
    await client.execute(`CREATE TABLE ${table} (id INTEGER, region VARCHAR(20), amount INTEGER, note VARCHAR(40))`);
    const values = ROWS.map((r) => `(${r.id}, '${r.region}', ${r.amount}, '${r.note}')`).join(', ');
    await client.execute(`INSERT INTO ${table} (id, region, amount, note) VALUES ${values}`);
    await client.execute(`CREATE TABLE ${privateTable} (note VARCHAR(40))`);
    await client.execute(`INSERT INTO ${privateTable} (note) VALUES ('PRIVATE-MARKER')`);

    t = await createTestApp({ dialect: 'sqlite' });
    ({ datasetId, chartId } = await seedDatasetWithRls(t, engine.name, engine.uri, table));
    guestToken = await mintGuestToken(t, chartId, datasetId);
  });

  afterAll(async () => {
    for (const name of [table, privateTable]) await client.execute(`DROP TABLE IF EXISTS ${name}`).catch(() => undefined);
    await client.close();
    await closeAllConnections();
    await t.close();
    // One line per engine: how much of the corpus the parsers refused and how much reached the engine.
    console.log(`[injection] ${engine.name}: ${seen.refused} refused, ${seen.answered} answered within the RLS`);
  });

  const send = (headers: Record<string, string>, query: Record<string, unknown>, sliceId?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers,
      payload: { datasource: { id: datasetId, type: 'table' }, form_data: sliceId ? { slice_id: sliceId } : {}, queries: [{ row_limit: 1000, ...query }] },
    });

  const assertContained = (status: number, body: string, what: string) => {
    expect(status, `${what}: ${body.slice(0, 300)}`).toBeLessThan(500);
    expect(body, what).not.toContain('LEAK-');
    expect(body, what).not.toContain('PRIVATE-MARKER');
    expect(body, what).not.toContain(fileMarker);
    if (status === 200) seen.answered++;
    else seen.refused++;
  };

  it('holds every expression payload in every SQL field, as Gamma under RLS', async () => {
    const payloads = expressionPayloads();
    expect(payloads.length).toBeGreaterThanOrEqual(200);
    for (const payload of payloads) {
      for (const [field, build] of Object.entries(EXPRESSION_FIELDS)) {
        const res = await send(t.headers('gamma'), build(fill(payload)));
        assertContained(res.statusCode, res.body, `${field} <- ${payload}`);
      }
    }
  });

  it('holds every identifier payload in names and labels, as Gamma under RLS', async () => {
    for (const payload of IDENTIFIER_PAYLOADS) {
      for (const [field, build] of Object.entries(IDENTIFIER_FIELDS)) {
        const res = await send(t.headers('gamma'), build(fill(payload)));
        assertContained(res.statusCode, res.body, `${field} <- ${payload}`);
      }
    }
  });

  it('refuses every payload from a guest (guests send no SQL), with the RLS of its token', async () => {
    for (const payload of expressionPayloads()) {
      for (const [field, build] of Object.entries(EXPRESSION_FIELDS)) {
        const res = await send({ 'x-guesttoken': guestToken }, build(fill(payload)), chartId);
        expect([400, 403], `${field} <- ${payload}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        assertContained(res.statusCode, res.body, `guest ${field} <- ${payload}`);
      }
    }
    const saved = await send({ 'x-guesttoken': guestToken }, { columns: [], metrics: ['count'] }, chartId);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result[0].data).toEqual([{ count: NORTH }]);
  });

  it('reads no file, writes no file and leaves the data as it was', async () => {
    expect(existsSync(outFile)).toBe(false);
    const rows = await client.execute(`SELECT COUNT(*) AS n, SUM(CASE WHEN region = 'North' THEN 1 ELSE 0 END) AS north FROM ${table}`);
    expect(rows.rows[0]!.map(Number)).toEqual([ROWS.length, NORTH]);
    const gamma = await send(t.headers('gamma'), { columns: [], metrics: ['count'] });
    expect(gamma.json().result[0].data).toEqual([{ count: NORTH }]);
  });
});

/** A database, a dataset over the table, a Regular RLS rule for Gamma and a chart on a dashboard. */
async function seedDatasetWithRls(t: TestApp, engine: string, uri: string, table: string): Promise<{ datasetId: number; chartId: number }> {
  const { db } = t.ctx.store;
  const now = new Date().toISOString();
  const audit = { created_on: now, changed_on: now, created_by_fk: t.users.admin.id, changed_by_fk: t.users.admin.id };
  const database = await db
    .insertInto('dbs')
    .values({ uuid: `db-${table}`, database_name: `injection ${engine}`, sqlalchemy_uri: uri, backend: engine, ...audit } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataset = await db
    .insertInto('tables')
    .values({ uuid: `ds-${table}`, table_name: table, database_id: database.id, ...audit } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [name, type] of [['id', 'INTEGER'], ['region', 'VARCHAR'], ['amount', 'INTEGER'], ['note', 'VARCHAR']]) {
    await db.insertInto('table_columns').values({ uuid: `c-${name}-${table}`, table_id: dataset.id, column_name: name, type, is_dttm: 0, ...audit } as never).execute();
  }
  await db.insertInto('sql_metrics').values({ uuid: `m-${table}`, table_id: dataset.id, metric_name: 'count', expression: 'COUNT(*)', ...audit } as never).execute();
  const rule = await db
    .insertInto('row_level_security_filters')
    .values({ name: `north only ${table}`, filter_type: 'Regular', clause: "region = 'North'", ...audit } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const gamma = await db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
  await db.insertInto('rls_filter_roles').values({ rls_filter_id: rule.id, role_id: gamma.id }).execute();
  await db.insertInto('rls_filter_tables').values({ rls_filter_id: rule.id, table_id: dataset.id }).execute();
  const dashboard = await db
    .insertInto('dashboards')
    .values({ uuid: `d-${table}`, dashboard_title: 'Injection', json_metadata: '{}', position_json: '{}', published: 1, is_managed_externally: 0, ...audit } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const context = { datasource: { id: dataset.id, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }] };
  const slice = await db
    .insertInto('slices')
    .values({ uuid: `s-${table}`, slice_name: 'Count', viz_type: 'big_number_total', datasource_id: dataset.id, datasource_type: 'table', params: '{}', query_context: JSON.stringify(context), is_managed_externally: 0, ...audit } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('dashboard_slices').values({ dashboard_id: dashboard.id, slice_id: slice.id }).execute();
  return { datasetId: dataset.id, chartId: slice.id };
}

async function mintGuestToken(t: TestApp, chartId: number, datasetId: number): Promise<string> {
  const link = await t.ctx.store.db.selectFrom('dashboard_slices').select('dashboard_id').where('slice_id', '=', chartId).executeTakeFirstOrThrow();
  return mintTestGuestToken(t, { resources: [{ type: 'dashboard', id: link.dashboard_id }], rls: [{ dataset: datasetId, clause: "region = 'North'" }] });
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));
