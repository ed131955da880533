import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';
import { listBundle } from './bundle-archive';
import { exportVia, importVia, zipOf } from './test-support';

describe('a ZIP merged from several exports (as sync tools build them)', () => {
  let source: TestApp;
  let target: TestApp;
  const dashboards: number[] = [];

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    const api = client(source);
    const database = await api.post('/api/v1/database/', { database_name: 'shared', sqlalchemy_uri: 'sqlite:///:memory:' }, 'admin');
    const dataset = await api.post('/api/v1/dataset/', { database: database.body.id, table_name: 'v', sql: 'SELECT 1 AS a' }, 'admin');
    for (const title of ['First', 'Second']) {
      const chart = await api.post('/api/v1/chart/', { slice_name: `${title} chart`, viz_type: 'table', datasource_id: dataset.body.id, datasource_type: 'table' }, 'admin');
      const dashboard = await api.post('/api/v1/dashboard/', { dashboard_title: title }, 'admin');
      await api.put(`/api/v1/chart/${chart.body.id}`, { dashboards: [dashboard.body.id] }, 'admin');
      dashboards.push(dashboard.body.id as number);
    }
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('imports both exports: two root folders and two metadata.yaml collapse as in the incumbent', async () => {
    const merged: Record<string, string> = {};
    for (const [i, id] of dashboards.entries()) {
      const entries = listBundle((await exportVia(source, 'dashboard', [id])).zip);
      for (const [name, text] of Object.entries(entries)) merged[`export_${i}/${name.slice(name.indexOf('/') + 1)}`] = text;
    }
    expect(Object.keys(merged).filter((name) => name.endsWith('metadata.yaml'))).toHaveLength(2);
    expect(Object.keys(merged).filter((name) => name.includes('databases/'))).toHaveLength(2);
    const res = await importVia(target, 'dashboard', { file: zipOf(merged, null) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const titles = (await target.ctx.store.db.selectFrom('dashboards').select('dashboard_title').orderBy('dashboard_title').execute()).map((d) => d.dashboard_title);
    expect(titles).toEqual(['First', 'Second']);
  });
});
