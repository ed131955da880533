import { processFilters } from '@lumen-bi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { createTestApp, mintTestGuestToken, type TestApp } from '../testing';
import { seedDashboard, seedSalesDataset } from './test-seed';

/**
 * A guest may run only its dashboards' saved chart queries, changed by what a viewer can change (filters,
 * time range, grain, row limit within the chart's, pagination, drill on dataset columns), and native
 * filters' value queries. Every other change is a 403 'Guest user cannot modify chart payload'.
 */
describe('guest chart-data payloads', () => {
  let t: TestApp;
  let salesId: number;
  let filterId: number;
  let chartId: number;
  let token: string;

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: { 'x-guesttoken': token }, payload });
  const chartQuery = (query: object, extra: object = {}) =>
    post({ datasource: { id: salesId, type: 'table' }, form_data: { slice_id: chartId }, queries: [{ columns: [], metrics: ['count'], ...query }], ...extra });
  const refused = async (response: Promise<{ statusCode: number; json: () => { message: string } }>) => {
    const res = await response;
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Guest user cannot modify chart payload');
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    salesId = await seedSalesDataset(t, 'sales');
    filterId = await seedSalesDataset(t, 'filter_values');
    const dash = await seedDashboard(t, {
      title: 'Guarded',
      datasetIds: [salesId],
      jsonMetadata: { native_filter_configuration: [{ id: 'NATIVE_FILTER-1', targets: [{ datasetId: filterId, column: { name: 'region' } }] }] },
    });
    chartId = dash.chartIds[0]!;
    await t.ctx.store.db.updateTable('slices').set({ params: JSON.stringify({ row_limit: 100 }) }).where('id', '=', chartId).execute();
    token = await mintTestGuestToken(t, { resources: [{ type: 'dashboard', id: dash.dashboardId }], rls: [{ dataset: salesId, clause: "region = 'North'" }] });
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('runs the saved query with the changes a viewer can make', async () => {
    const saved = await chartQuery({});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result[0].data).toEqual([{ count: 40 }]);
    const filtered = await chartQuery({ filters: [{ col: 'qty', op: 'IN', val: [1, 2] }], time_range: 'No filter', row_limit: 50 });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const drill = await chartQuery({ filters: [{ col: 'region', op: '==', val: 'North' }] }, { result_type: 'drill_detail' });
    expect(drill.statusCode, drill.body).toBe(200);
    const byColumn = await chartQuery({ columns: [{ sqlExpression: 'qty', label: 'qty', expressionType: 'SQL' }] });
    expect(byColumn.statusCode, byColumn.body).toBe(200);
  });

  it('refuses SQL of its own in every field, other metrics, the SQL text and a larger row limit', async () => {
    await refused(chartQuery({ metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'c' }] }));
    await refused(chartQuery({ metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'qty' }, label: 's' }] }));
    await refused(chartQuery({ extras: { where: '1 = 1' } }));
    await refused(chartQuery({ extras: { having: 'COUNT(*) > 0' } }));
    await refused(chartQuery({ columns: [{ sqlExpression: "region || 'x'", label: 'r', expressionType: 'SQL' }] }));
    await refused(chartQuery({ filters: [{ col: { sqlExpression: '1', label: 'one' }, op: '==', val: 1 }] }));
    await refused(chartQuery({ orderby: [[{ expressionType: 'SQL', sqlExpression: 'MAX(qty)', label: 'm' }, false]] }));
    await refused(chartQuery({ row_limit: 1000 }));
    await refused(chartQuery({}, { result_type: 'query' }));
    await refused(chartQuery({ annotation_layers: [{ name: 'x', sourceType: 'line', value: chartId, show: true }] }));
  });

  it("runs both queries of a mixed chart: query B's own saved filter and row limit (the _b controls) too", async () => {
    const filterB = { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'qty > 1' };
    const params = { viz_type: 'mixed_timeseries', row_limit: 100, metrics: ['count'], metrics_b: ['count'], adhoc_filters: [], adhoc_filters_b: [filterB], row_limit_b: 200 };
    await t.ctx.store.db.updateTable('slices').set({ params: JSON.stringify(params) }).where('id', '=', chartId).execute();
    try {
      const whereB = processFilters({ adhoc_filters: [filterB] as never }).extras.where;
      const both = await post({
        datasource: { id: salesId, type: 'table' },
        form_data: { slice_id: chartId },
        queries: [{ columns: [], metrics: ['count'], row_limit: 100 }, { columns: [], metrics: ['count'], extras: { where: whereB }, row_limit: 200 }],
      });
      expect(both.statusCode, both.body).toBe(200);
      expect(both.json().result).toHaveLength(2);
      await refused(chartQuery({ extras: { where: 'qty > 2' } }));
      await refused(chartQuery({ row_limit: 201 }));
    } finally {
      await t.ctx.store.db.updateTable('slices').set({ params: JSON.stringify({ row_limit: 100 }) }).where('id', '=', chartId).execute();
    }
  });

  it('refuses a chart of another dashboard, or the chart on another dataset', async () => {
    await refused(post({ datasource: { id: salesId, type: 'table' }, form_data: { slice_id: 999_999 }, queries: [{ columns: [], metrics: ['count'] }] }));
    await refused(post({ datasource: { id: filterId, type: 'table' }, form_data: { slice_id: chartId }, queries: [{ columns: [], metrics: ['count'] }] }));
  });

  it("answers a native filter's value query and nothing else without a chart", async () => {
    const values = await post({ datasource: { id: filterId, type: 'table' }, queries: [{ columns: ['region'], metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT', column: null, label: 'n' }] }] });
    expect(values.statusCode, values.body).toBe(200);
    const range = await post({ datasource: { id: filterId, type: 'table' }, queries: [{ columns: [], metrics: [{ expressionType: 'SIMPLE', aggregate: 'MIN', column: { column_name: 'region' }, label: 'min' }] }] });
    expect(range.statusCode, range.body).toBe(200);
    await refused(post({ datasource: { id: filterId, type: 'table' }, queries: [{ columns: ['qty'], metrics: [] }] }));
    await refused(post({ datasource: { id: salesId, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }] }));
    await refused(post({ datasource: { id: filterId, type: 'table' }, queries: [{ columns: ['region'], metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }] }] }));
  });
});
