import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { client } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, mintTestGuestToken, type TestApp } from '../testing';

/**
 * NATIVE annotation layers in chart data (issue 22): annotation_data[layer name] = {columns, records} with
 * every annotation of the layer, times in epoch milliseconds, read fresh (never a stale cached answer), and
 * for guests only the layers their dashboard's chart names.
 */
describe.each(METADATA_DIALECTS)('NATIVE annotation layers in chart data (%s)', (dialect) => {
  let t: TestApp;
  let salesId: number;
  let chartId: number;
  let layerId: number;
  let otherLayerId: number;
  let annotationId: number;

  const native = (name: string, value: unknown, extra: object = {}) => ({ name, sourceType: 'NATIVE', annotationType: 'EVENT', value, show: true, ...extra });
  const post = (layers: object[], headers: Record<string, string>, formData: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers,
      payload: { datasource: { id: salesId, type: 'table' }, form_data: formData, queries: [{ columns: [], metrics: ['count'], annotation_layers: layers }] },
    });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    salesId = await seedSalesDataset(t, 'sales');
    chartId = (await seedDashboard(t, { title: 'Annotated', datasetIds: [salesId] })).chartIds[0]!;
    const api = client(t);
    layerId = (await api.post('/api/v1/annotation_layer/', { name: 'Releases' })).body.id;
    otherLayerId = (await api.post('/api/v1/annotation_layer/', { name: 'Secret incidents' })).body.id;
    annotationId = (await api.post(`/api/v1/annotation_layer/${layerId}/annotation/`, { short_descr: 'v2', long_descr: 'Second', start_dttm: '2024-06-01T00:00:00', end_dttm: '2024-06-30T12:00:00', json_metadata: '{"a":1}' })).body.id;
    await api.post(`/api/v1/annotation_layer/${layerId}/annotation/`, { short_descr: 'v1', start_dttm: '2019-01-01T00:00:00', end_dttm: '2019-01-01T00:00:00' });
    await api.post(`/api/v1/annotation_layer/${otherLayerId}/annotation/`, { short_descr: 'outage', start_dttm: '2024-01-01T00:00:00', end_dttm: '2024-01-02T00:00:00' });
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('answers every annotation of each shown layer as {columns, records}, keyed by layer name', async () => {
    const res = await post([native('Launches', layerId), native('Hidden', otherLayerId, { show: false }), { name: 'f', sourceType: '', annotationType: 'FORMULA', value: 'x' }], t.headers('alpha'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result[0].annotation_data).toEqual({
      Launches: {
        columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
        records: [
          { start_dttm: Date.UTC(2019, 0, 1), end_dttm: Date.UTC(2019, 0, 1), short_descr: 'v1', long_descr: null, json_metadata: null },
          { start_dttm: Date.UTC(2024, 5, 1), end_dttm: Date.UTC(2024, 5, 30, 12), short_descr: 'v2', long_descr: 'Second', json_metadata: '{"a":1}' },
        ],
      },
    });
  });

  it('reads two layers in one answer, an empty layer as no records, and never answers an edit stale from the cache', async () => {
    const empty = (await client(t).post('/api/v1/annotation_layer/', { name: 'Empty' })).body.id;
    const both = await post([native('A', layerId), native('B', String(empty))], t.headers('alpha'));
    expect(Object.keys(both.json().result[0].annotation_data)).toEqual(['A', 'B']);
    expect(both.json().result[0].annotation_data.B.records).toEqual([]);
    await client(t).put(`/api/v1/annotation_layer/${layerId}/annotation/${annotationId}`, { short_descr: 'v2.1' });
    const again = await post([native('A', layerId), native('B', String(empty))], t.headers('alpha'));
    expect(again.json().result[0].annotation_data.A.records.map((r: { short_descr: string }) => r.short_descr)).toEqual(['v1', 'v2.1']);
  });

  it('answers 400 naming an unknown layer or a value that is no layer id', async () => {
    const unknown = await post([native('Gone', 987654)], t.headers('alpha'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Annotation layer 987654 ('Gone') does not exist");
    const bad = await post([native('Odd', 'drop table')], t.headers('alpha'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`annotation_layers[0] ('Odd'): value must be the id of an annotation layer, got "drop table"`);
  });

  it("gives a guest the native layers its dashboard's chart names, and no other", async () => {
    const dashboard = await seedDashboard(t, { title: 'Embedded', datasetIds: [salesId] });
    const guestChart = dashboard.chartIds[0]!;
    // The chart also draws a chart-backed layer whose chart id is the other layer's id: that must not open it.
    const params = { annotation_layers: [native('Releases', layerId), { name: 'Chart layer', sourceType: 'table', value: otherLayerId, show: false }] };
    await t.ctx.store.db.updateTable('slices').set({ params: JSON.stringify(params) }).where('id', '=', guestChart).execute();
    const token = await mintTestGuestToken(t, { resources: [{ type: 'dashboard', id: dashboard.dashboardId }] });
    const headers = { 'x-guesttoken': token };
    const allowed = await post([native('Releases', layerId)], headers, { slice_id: guestChart });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().result[0].annotation_data.Releases.records).toHaveLength(2);
    for (const layers of [[native('Other', otherLayerId)], [native('Releases', otherLayerId)]]) {
      const refused = await post(layers, headers, { slice_id: guestChart });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Guest user cannot modify chart payload');
    }
    // Another chart of a dashboard the token does not name gets nothing either.
    expect((await post([native('Releases', layerId)], headers, { slice_id: chartId })).statusCode).toBe(403);
  });
});
