import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';
import { listBundle } from './bundle-archive';
import { exportVia, importVia } from './test-support';

/** Label keys a YAML 1.1 reader turns into booleans (or other non-strings) when they are not quoted. */
const TRICKY_LABELS = ['No', 'Yes', 'on', 'off', 'NO', 'True', '0755', '1:20', '2024-01-01', 'null', '~'];

/** The bundle's files read as the incumbent's importer (PyYAML, YAML 1.1) reads them. */
const readAsYaml11 = (zip: Uint8Array): Record<string, any> => {
  const entries = listBundle(zip);
  return Object.fromEntries(Object.entries(entries).map(([name, text]) => [name.slice(name.indexOf('/') + 1), parse(text, { version: '1.1' })]));
};

describe('exported YAML reads the same in YAML 1.1 (the incumbent\'s importer and clients)', () => {
  let source: TestApp;
  let target: TestApp;
  let dashboardId: number;
  const labelColors = Object.fromEntries(TRICKY_LABELS.map((label, i) => [label, `#00000${i % 10}`]));

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    const created = await client(source).post('/api/v1/dashboard/', { dashboard_title: 'No', slug: 'on', json_metadata: JSON.stringify({ label_colors: labelColors, color_scheme: 'Yes' }) }, 'admin');
    dashboardId = created.body.id as number;
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('quotes every string a YAML 1.1 reader would resolve to something else', async () => {
    const docs = readAsYaml11((await exportVia(source, 'dashboard', [dashboardId])).zip);
    const dashboard = Object.entries(docs).find(([path]) => path.startsWith('dashboards/'))![1];
    expect(dashboard.dashboard_title).toBe('No');
    expect(dashboard.slug).toBe('on');
    expect(dashboard.metadata.label_colors).toEqual(labelColors);
    expect(dashboard.metadata.color_scheme).toBe('Yes');
    // The incumbent's schema validates a string here ('timestamp: Not a valid datetime' for a YAML 1.1 timestamp).
    expect(typeof docs['metadata.yaml'].timestamp).toBe('string');
    expect(new Date(docs['metadata.yaml'].timestamp).getTime()).not.toBeNaN();
  });

  it('round-trips through an import: the second export has the same label keys and values', async () => {
    const first = await exportVia(source, 'dashboard', [dashboardId]);
    expect((await importVia(target, 'dashboard', { file: first.zip })).status).toBe(200);
    const imported = await target.ctx.store.db.selectFrom('dashboards').select('id').where('slug', '=', 'on').executeTakeFirstOrThrow();
    const again = readAsYaml11((await exportVia(target, 'dashboard', [imported.id])).zip);
    const dashboard = Object.entries(again).find(([path]) => path.startsWith('dashboards/'))![1];
    expect(dashboard.metadata.label_colors).toEqual(labelColors);
    expect(dashboard.dashboard_title).toBe('No');
  });
});
