import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { closeAllConnections } from '../../packages/server/src/engines';
import { ensureExamples, EXAMPLES_DATABASE_UUID } from '../../packages/server/src/examples';
import { createTestApp, type TestApp } from '../../packages/server/src/testing';

/** Ids the request fixtures use: the examples' own, plus objects the examples do not have (a tag, a report...). */
export interface ContractIds {
  database: number;
  dataset: number;
  datasetName: string;
  chart: number;
  dashboard: number;
  dashboardSlug: string;
  savedQuery: number;
  tag: number;
  report: number;
  annotationLayer: number;
  annotation: number;
  role: number;
  permission: number;
  viewMenu: number;
  permissionView: number;
  rls: number;
  user: number;
}

export interface ContractContext {
  t: TestApp;
  /** A directory outside Lumen's data directory, for database files requests connect to. */
  scratchDir: string;
  ids: ContractIds;
  /** An admin (Bearer) request, parsed; throws naming the request when it fails, so setup errors are clear. */
  call(method: InjectOptions['method'], url: string, payload?: unknown): Promise<any>;
  close(): Promise<void>;
}

/** A Lumen with the example data (events cut to 20 000 rows, as the examples' own tests do) and what it lacks. */
export async function openContractContext(): Promise<ContractContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-contract-'));
  const scratchDir = mkdtempSync(join(tmpdir(), 'lumen-contract-files-'));
  const t = await createTestApp({ dataDir, config: { examplesEventsRows: 20_000 } });
  await ensureExamples(t.ctx);
  const call = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: t.headers('admin'), ...(payload === undefined ? {} : { payload: payload as object }) });
    if (res.statusCode >= 300) throw new Error(`contract setup: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.body ? res.json() : null;
  };
  const db = t.ctx.store.db;
  const database = await db.selectFrom('dbs').select('id').where('uuid', '=', EXAMPLES_DATABASE_UUID).executeTakeFirstOrThrow();
  const dataset = await db.selectFrom('tables').select(['id', 'table_name']).where('database_id', '=', database.id).where('table_name', '=', 'birth_names').executeTakeFirstOrThrow();
  const chart = await db.selectFrom('slices').select('id').where('datasource_id', '=', dataset.id).orderBy('id').executeTakeFirstOrThrow();
  const dashboard = await db.selectFrom('dashboards').select(['id', 'slug']).where('slug', '=', 'lumen-showcase').executeTakeFirstOrThrow();
  const gamma = await db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
  const firstId = async (url: string) => (await call('GET', url)).ids[0] as number;
  const savedQuery = await call('POST', '/api/v1/saved_query/', { db_id: database.id, label: 'Top names', sql: 'SELECT name, SUM(num) FROM birth_names GROUP BY 1', schema: 'main' });
  const tag = await call('POST', '/api/v1/tag/', { name: 'contract', description: 'Tagged by the contract suite', objects_to_tag: [['chart', chart.id]] });
  const report = await call('POST', '/api/v1/report/', { type: 'Report', name: 'Weekly names', crontab: '0 8 * * 1', chart: chart.id, creation_method: 'charts', report_format: 'CSV', recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }] });
  const layer = await call('POST', '/api/v1/annotation_layer/', { name: 'Releases', descr: 'Product releases' });
  const annotation = await call('POST', `/api/v1/annotation_layer/${layer.id}/annotation/`, { short_descr: 'v1.0', start_dttm: '2024-03-01T00:00:00', end_dttm: '2024-03-01T00:00:00' });
  const rls = await call('POST', '/api/v1/rowlevelsecurity/', { name: 'California only', filter_type: 'Regular', tables: [dataset.id], roles: [gamma.id], clause: "state = 'CA'" });
  return {
    t,
    scratchDir,
    call,
    ids: {
      database: database.id,
      dataset: dataset.id,
      datasetName: dataset.table_name,
      chart: chart.id,
      dashboard: dashboard.id,
      dashboardSlug: dashboard.slug!,
      savedQuery: savedQuery.id,
      tag: tag.id ?? (await call('GET', `/api/v1/tag/?q=(filters:!((col:name,opr:eq,value:contract)))`)).ids[0],
      report: report.id,
      annotationLayer: layer.id,
      annotation: annotation.id,
      role: gamma.id,
      permission: await firstId('/api/v1/security/permissions/'),
      viewMenu: await firstId('/api/v1/security/resources/'),
      permissionView: await firstId('/api/v1/security/permissions-resources/'),
      rls: rls.id,
      user: t.users.gamma.id,
    },
    async close() {
      await t.close();
      await closeAllConnections();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}
