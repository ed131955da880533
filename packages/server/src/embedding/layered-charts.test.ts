import { processFilters } from '@lumen-bi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, mintTestGuestToken, type TestApp } from '../testing';
import { layeredIdsOf } from './layered-charts';
import { seedDashboard, seedSalesDataset } from './test-seed';

/**
 * A guest whose dashboard holds a deck_multi chart reads the saved deck charts it layers and runs their
 * saved queries with the multi chart's filters added, under the token's RLS; charts no multi chart there
 * layers stay refused.
 */
describe('guest access to the charts a deck_multi chart layers', () => {
  let t: TestApp;
  let layeredId: number;
  let otherId: number;
  let pointsId: number;
  let token: string;
  const multiFilter = { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'qty > 1' };

  const addChart = async (datasetId: number, vizType: string, params: object) => {
    const now = nowIso();
    const row = await t.ctx.store.db
      .insertInto('slices')
      .values({ uuid: `s-${Math.random()}`, slice_name: `${vizType} chart`, viz_type: vizType, datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params), query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }] }), is_managed_externally: 0, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id as number;
  };
  const guest = { 'x-guesttoken': '' };
  const query = (sliceId: number, datasetId: number, where = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: guest,
      payload: { datasource: { id: datasetId, type: 'table' }, form_data: { slice_id: sliceId }, queries: [{ columns: [], metrics: ['count'], filters: [{ col: 'region', op: '==', val: 'North' }], extras: { where } }] },
    });

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    const salesId = await seedSalesDataset(t, 'sales');
    pointsId = await seedSalesDataset(t, 'points');
    const hiddenId = await seedSalesDataset(t, 'hidden');
    const dash = await seedDashboard(t, { title: 'Maps', datasetIds: [salesId] });
    layeredId = await addChart(pointsId, 'deck_scatter', { row_limit: 100, adhoc_filters: [] });
    otherId = await addChart(hiddenId, 'deck_scatter', { row_limit: 100 });
    await t.ctx.store.db
      .updateTable('slices')
      .set({ viz_type: 'deck_multi', params: JSON.stringify({ deck_slices: [layeredId, 'junk'], adhoc_filters: [multiFilter] }) })
      .where('id', '=', dash.chartIds[0]!)
      .execute();
    token = await mintTestGuestToken(t, { resources: [{ type: 'dashboard', id: dash.dashboardId }], rls: [{ dataset: pointsId, clause: 'qty > 3' }] });
    guest['x-guesttoken'] = token;
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('reads the layered chart, not another one', async () => {
    const layered = await t.app.inject({ method: 'GET', url: `/api/v1/chart/${layeredId}`, headers: guest });
    expect(layered.statusCode, layered.body).toBe(200);
    expect(layered.json().result.viz_type).toBe('deck_scatter');
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/chart/${otherId}`, headers: guest });
    expect(other.statusCode).toBe(403);
  });

  it("runs the layered chart's query with the multi chart's filter, under the token's RLS", async () => {
    const where = processFilters({ adhoc_filters: [multiFilter] as never }).extras.where ?? '';
    const res = await query(layeredId, pointsId, where);
    expect(res.statusCode, res.body).toBe(200);
    // North rows (i % 3 = 0 of 0..119) with qty > 1 (the multi's filter) and qty > 3 (the token's RLS).
    expect(res.json().result[0].data).toEqual([{ count: 27 }]);
  });

  it('refuses other SQL on the layered chart, and any query of a chart no multi chart layers', async () => {
    const custom = await query(layeredId, pointsId, '1 = 1');
    expect(custom.statusCode).toBe(403);
    const other = await query(otherId, pointsId);
    expect(other.statusCode).toBe(403);
  });

  it('takes only chart ids from deck_slices', () => {
    expect(layeredIdsOf({ deck_slices: [3, '4', 'x', -1, 2.5, null] })).toEqual([3, 4]);
    expect(layeredIdsOf({ deck_slices: 'nope' })).toEqual([]);
  });
});
