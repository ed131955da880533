import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { ensureExamples } from './index';
import { multipart, zipOf } from '../import-export/test-support';
import { findSupersetBundle, readSupersetBundle } from './superset-examples';
import { findLumenBundle, readLumenBundle } from './lumen-examples';

/** examples/lumen/ is imported next to the incumbent's bundle: its charts and dashboards add to the counts. */
const lumenFiles = [...readLumenBundle(findLumenBundle()!).keys()];
const CHARTS = 86 + lumenFiles.filter((p) => p.startsWith('charts/')).length;
const DASHBOARDS = 7 + lumenFiles.filter((p) => p.startsWith('dashboards/')).length;

/** Charts of the bundle whose YAML carries a query_context: a table, a pie and a bar chart. */
const RUNNABLE = {
  table: 'b8b7ca30-6291-44b0-bc64-ba42e2892b86',
  pie: '09c497e0-f442-1121-c9e7-671e37750424',
  bar: '692aca26-a526-85db-c94c-411c91cc1077',
};

describe.each(METADATA_DIALECTS)('Superset example bundle (%s)', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let first: { created: boolean; seconds: number };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lumen-superset-examples-'));
    t = await createTestApp({ dialect, dataDir, config: { examplesEventsRows: 20_000 } });
    first = await ensureExamples(t.ctx);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await closeAllConnections();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the repository copy of the bundle', () => {
    expect(findSupersetBundle()).toMatch(/examples[/\\]superset$/);
  });

  it('imports 86 charts and 7 dashboards (plus the Lumen examples) owned by the admin', async () => {
    const db = t.ctx.store.db;
    expect(first.created).toBe(true);
    expect(await db.selectFrom('slices').select('id').execute()).toHaveLength(CHARTS);
    expect(await db.selectFrom('dashboards').select('id').execute()).toHaveLength(DASHBOARDS);
    const owners = await db.selectFrom('slice_user').select('user_id').distinct().execute();
    expect(owners.map((o) => o.user_id)).toEqual([t.users.admin.id]);

    const sales = await db.selectFrom('dashboards').selectAll().where('uuid', '=', '04f79081-fb49-7bac-7f14-cc76cd2ad93b').executeTakeFirstOrThrow();
    const links = await db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', sales.id).execute();
    const position = JSON.parse(sales.position_json!) as Record<string, { type?: string; meta?: { chartId?: number } }>;
    const layoutIds = Object.values(position).filter((n) => n.type === 'CHART').map((n) => n.meta!.chartId!);
    expect(links.map((l) => l.slice_id).sort()).toEqual([...new Set(layoutIds)].sort());
    const metadata = JSON.parse(sales.json_metadata!) as { native_filter_configuration: { targets: { datasetId?: number; datasetUuid?: string }[]; chartsInScope: number[] }[] };
    const dataset = await db.selectFrom('tables').select('id').where('uuid', '=', 'e8623bb9-5e00-f531-506a-19607f5f8005').executeTakeFirstOrThrow();
    expect(metadata.native_filter_configuration[0]!.targets[0]).toEqual({ column: { name: 'country' }, datasetId: dataset.id });
    expect(metadata.native_filter_configuration[0]!.chartsInScope.every((id) => layoutIds.includes(id))).toBe(true);
  });

  it('answers chart data for saved query contexts (table, pie, bar)', async () => {
    for (const [kind, uuid] of Object.entries(RUNNABLE)) {
      const chart = await t.ctx.store.db.selectFrom('slices').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('admin'), payload: JSON.parse(chart.query_context!) });
      expect(res.statusCode, `${kind}: ${res.body.slice(0, 400)}`).toBe(200);
      const result = res.json().result[0];
      expect(result.rowcount, kind).toBeGreaterThan(0);
    }
  });

  it('re-imports the raw bundle through POST /api/v1/assets/import/ idempotently', async () => {
    const bundle = findSupersetBundle()!;
    const files = Object.fromEntries([...readSupersetBundle(bundle)].map(([path, text]) => [path, text]));
    const body = multipart({ file: zipOf(files), field: 'bundle' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/assets/import/', payload: body.payload, headers: { ...t.headers('admin'), ...body.headers } });
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    expect(await t.ctx.store.db.selectFrom('slices').select('id').execute()).toHaveLength(CHARTS);
    expect(await t.ctx.store.db.selectFrom('dashboards').select('id').execute()).toHaveLength(DASHBOARDS);
  });

  it('is a fast no-op on the next start', async () => {
    const again = await ensureExamples(t.ctx);
    expect(again.created).toBe(false);
    expect(again.seconds).toBeLessThan(1);
    expect(await t.ctx.store.db.selectFrom('slices').select('id').execute()).toHaveLength(CHARTS);
  });
});
