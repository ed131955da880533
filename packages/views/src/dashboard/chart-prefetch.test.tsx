import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import type { NativeFilter } from '@lumen-bi/core';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartDataRequest } from '../chart/chart-data-request';
import { createFakeServer, type FakeCall } from '../testing/fake-server';
import { chartPositions } from './chart-positions';
import { startChartPrefetch } from './chart-prefetch';
import { createDashboardStore } from './dashboard-store';
import { DashboardView } from './dashboard-view';
import { filterValueToDataMask } from './filter-data-masks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const registry = registerBuiltInCharts(createChartRegistry());
const chart = (id: number, width: number) => ({ id: `CHART-${id}`, type: 'CHART', children: [], meta: { chartId: id, width, height: 50 } });
/** Rows of 400 px: charts 1 and 2 at the top, 3 at 416 px, 4 at 832 px (below a 500 px viewport). */
const position = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'ROW-2', 'ROW-3'] },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2'] },
  'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-3'] },
  'ROW-3': { id: 'ROW-3', type: 'ROW', children: ['CHART-4'] },
  'CHART-1': chart(1, 6),
  'CHART-2': chart(2, 6),
  'CHART-3': chart(3, 12),
  'CHART-4': chart(4, 12),
};
const country: NativeFilter = {
  id: 'F_COUNTRY',
  type: 'NATIVE_FILTER',
  name: 'Country',
  filterType: 'filter_select',
  targets: [{ datasetId: 7, column: { name: 'country' } }],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  controlValues: { multiSelect: true },
  defaultDataMask: { filterState: { value: ['France'] } },
};

/** Dashboard 4 with charts 1-4; chart-data answers wait until released, to keep requests in flight. */
function heldServer() {
  const held: { call: FakeCall; release(): void }[] = [];
  const server = createFakeServer({
    'GET /api/v1/dashboard/4': () => ({
      result: { id: 4, dashboard_title: 'Prefetch', slug: null, position_json: JSON.stringify(position), json_metadata: JSON.stringify({ native_filter_configuration: [country] }), css: '', owners: [], published: true },
    }),
    'GET /api/v1/dashboard/4/charts': () => ({
      result: [1, 2, 3, 4].map((id) => ({ id, slice_name: `Chart ${id}`, form_data: { datasource: '7__table', viz_type: 'big_number_total', metric: 'count', slice_id: id } })),
    }),
    'GET /api/v1/me/': () => ({ __reply: true, status: 401, body: {} }),
    'POST /api/v1/chart/data': (call) => new Promise((resolve) => held.push({ call, release: () => resolve({ result: [{ data: [{ count: 42 }], colnames: ['count'], coltypes: [0], rowcount: 1 }] }) })),
  });
  const sliceOf = (call: FakeCall) => (call.body as { form_data?: { slice_id?: number } }).form_data?.slice_id ?? JSON.parse(call.query.get('form_data') ?? '{}').slice_id;
  const chartCalls = () => server.find('POST', '/api/v1/chart/data');
  return { server, held, sliceOf, chartCalls };
}

/** An idle scheduler the test runs by hand. */
function manualIdle() {
  const tasks: (() => void)[] = [];
  return { tasks, schedule: (task: () => void) => (tasks.push(task), () => tasks.splice(tasks.indexOf(task), 1)) };
}

describe('chartPositions', () => {
  it('estimates each chart’s top from the layout: rows side by side, one under the other with a gutter', () => {
    expect(chartPositions(position as never, [])).toEqual([
      { chartId: 1, top: 0 },
      { chartId: 2, top: 0 },
      { chartId: 3, top: 416 },
      { chartId: 4, top: 832 },
    ]);
  });
});

describe('startChartPrefetch', () => {
  it('queries the first viewport as soon as the charts are known, with the default filters, the rest when idle', async () => {
    const { server, held, sliceOf, chartCalls } = heldServer();
    const store = createDashboardStore({ api: server.client, idOrSlug: 4 });
    const idle = manualIdle();
    const stop = startChartPrefetch({ store, registry, viewportHeight: 500, scheduleIdle: idle.schedule, idleConcurrency: 1 });
    await store.load();
    expect(chartCalls().map(sliceOf)).toEqual([1, 2, 3]);
    // The default value of the native filter is in the very first requests.
    expect(JSON.stringify(chartCalls()[0].body)).toContain('France');
    expect(idle.tasks).toHaveLength(0);
    held.forEach((h) => h.release());
    await waitFor(() => expect(idle.tasks).toHaveLength(1));
    idle.tasks[0]();
    expect(chartCalls().map(sliceOf)).toEqual([1, 2, 3, 4]);
    stop();
    store.dispose();
  });

  it('hands the prefetched request to the chart; a filter change aborts the stale one and prefetches the new', async () => {
    const { server, sliceOf, chartCalls } = heldServer();
    const store = createDashboardStore({ api: server.client, idOrSlug: 4 });
    const stop = startChartPrefetch({ store, registry, viewportHeight: 500, scheduleIdle: manualIdle().schedule });
    await store.load();
    const request = (chartId: number) => chartDataRequest(registry.get('big_number_total'), store.chartFormData(chartId)!, { dashboardId: 4 });
    void store.chartData.fetch(server.client, request(1));
    expect(chartCalls()).toHaveLength(3);

    store.setDataMask({ F_COUNTRY: filterValueToDataMask(country, ['Spain']) });
    // Charts 2 and 3 had not taken theirs: stopped, and asked again with the new filter.
    expect(chartCalls()[1].signal?.aborted).toBe(true);
    expect(chartCalls()[2].signal?.aborted).toBe(true);
    expect(chartCalls().slice(3).map(sliceOf)).toEqual([1, 2, 3]);
    expect(JSON.stringify(chartCalls()[4].body)).toContain('Spain');
    expect(store.chartData.has(request(2))).toBe(true);
    stop();
    store.dispose();
  });
});

describe('DashboardView prefetch', () => {
  it('a chart that mounts while its prefetched request is in flight uses it: one request per chart', async () => {
    // Without an IntersectionObserver every chart loads at mount, the ones below the fold too.
    vi.stubGlobal('IntersectionObserver', undefined);
    const { server, held, sliceOf, chartCalls } = heldServer();
    render(<DashboardView api={server.client} registry={registry} dashboardIdOrSlug={4} />);
    await waitFor(() => expect(document.querySelectorAll('[data-chart-status="loading"]')).toHaveLength(4));
    held.forEach((h) => h.release());
    await waitFor(() => expect(document.querySelectorAll('[data-chart-status="loading"]')).toHaveLength(0));
    // The filter bar's own option query carries no slice id.
    expect(chartCalls().map(sliceOf).filter((id) => id !== undefined).sort()).toEqual([1, 2, 3, 4]);
  });
});
