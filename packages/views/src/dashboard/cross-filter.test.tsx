import { buildQueryContext, toLayout } from '@lumen-bi/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { crossFilterDataMask } from '../chart/chart-container';
import { crossFilterChartScopes } from './cross-filter-scopes';
import { DashboardContext } from './dashboard-context';
import { FilterBar } from './filter-bar';
import { createDashboardStore } from './dashboard-store';
import { chartIdsOfFixture, fixture, salesServer } from './dashboard-test-support';

afterEach(cleanup);

const IN_FRANCE = { filters: [{ col: 'country', op: 'IN', val: ['France'] }] };

async function loaded(meta: Record<string, unknown> = {}) {
  const server = salesServer();
  const store = createDashboardStore({ api: server.client, idOrSlug: 4 });
  await store.load();
  store.metadata.value = { ...store.metadata.value, ...meta };
  return { store, server };
}

describe('cross-filter data mask', () => {
  it('is built as the incumbent builds it; an empty selection clears', () => {
    expect(crossFilterDataMask(111, { column: 'country', values: ['France', 'Spain'] })).toEqual({
      id: '111',
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France', 'Spain'] }] },
      filterState: { value: ['France', 'Spain'], selectedValues: ['France', 'Spain'], label: 'France, Spain' },
      ownState: {},
    });
    expect(crossFilterDataMask(111, null)).toBeNull();
    expect(crossFilterDataMask(111, { column: 'country', values: [] })).toBeNull();
  });
});

describe('cross-filter scopes', () => {
  const ids = chartIdsOfFixture();
  const layout = toLayout(fixture.position);

  it('defaults to every other chart; an own scope excludes charts; global follows global_chart_configuration', () => {
    const scopes = crossFilterChartScopes(
      {
        chart_configuration: { 111: { id: 111, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [112, 113] } } }, 114: { id: 114, crossFilters: { scope: 'global' } } },
        global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [115] } },
      },
      layout,
      ids,
    );
    expect(scopes['111']).not.toContain(111);
    expect(scopes['111']).not.toContain(112);
    expect(scopes['111']).not.toContain(113);
    expect(scopes['111']).toContain(114);
    expect(scopes['114']).not.toContain(115);
    expect(scopes['114']).not.toContain(114);
    expect(scopes['114']).toContain(111);
    // No entry and no global scope: every chart but itself.
    expect(crossFilterChartScopes({}, layout, ids)['116'].sort()).toEqual(ids.filter((x) => x !== 116).sort());
  });

  it('falls back to the stored chartsInScope without a layout', () => {
    expect(crossFilterChartScopes({ chart_configuration: { 1: { id: 1, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [1, 2] } } } }, {}, [1, 2, 3])).toEqual({ '1': [2], '2': [1, 3], '3': [1, 2] });
  });
});

describe('dashboard store cross filters', () => {
  it('reaches the queries of in-scope charts only, never the emitter, and clears', async () => {
    const { store } = await loaded({ cross_filters_enabled: true, chart_configuration: { 111: { id: 111, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [115] } } } } });
    const others = chartIdsOfFixture().filter((id) => id !== 111 && id !== 115);
    const before = Object.fromEntries(chartIdsOfFixture().map((id) => [id, store.chartFormData(id)]));
    store.setCrossFilter(111, crossFilterDataMask(111, { column: 'country', values: ['France'] }));
    expect(store.dataMask.value['111'].filterState?.label).toBe('France');
    for (const id of others) expect(store.chartFormData(id)?.extra_form_data, `chart ${id}`).toEqual(IN_FRANCE);
    // The emitter and the excluded chart keep their form data object: no re-query.
    expect(store.chartFormData(111)).toBe(before[111]);
    expect(store.chartFormData(115)).toBe(before[115]);
    expect(store.crossFilters.value).toEqual([{ chartId: 111, chartName: 'Chart 111', column: 'country', label: 'France' }]);

    store.setCrossFilter(111, null);
    expect(store.dataMask.value['111']).toBeUndefined();
    for (const id of others) expect(store.chartFormData(id)?.extra_form_data ?? {}).toEqual({});
    expect(store.crossFilters.value).toEqual([]);
  });

  it('combines with native filters, and clearCrossFilters keeps the native ones', async () => {
    const { store } = await loaded({ cross_filters_enabled: true, chart_configuration: {} });
    store.setCrossFilter(112, crossFilterDataMask(112, { column: 'deal_size', values: ['Small'] }));
    store.setCrossFilter(113, crossFilterDataMask(113, { column: 'country', values: ['France'] }));
    expect(store.chartFormData(111)?.extra_form_data?.filters).toEqual([
      { col: 'deal_size', op: 'IN', val: ['Small'] },
      { col: 'country', op: 'IN', val: ['France'] },
    ]);
    expect(store.chartFormData(112)?.extra_form_data).toEqual(IN_FRANCE);
    store.clearCrossFilters();
    expect(store.crossFilters.value).toEqual([]);
    expect(store.chartFormData(111)?.extra_form_data ?? {}).toEqual({});
  });

  it('skips in-scope charts of another dataset (the column may not exist there)', async () => {
    const { store } = await loaded({ cross_filters_enabled: true, chart_configuration: {} });
    store.charts.value = { ...store.charts.value, 116: { ...store.charts.value[116], form_data: { ...store.charts.value[116].form_data, datasource: '9__table' } } };
    store.setCrossFilter(111, crossFilterDataMask(111, { column: 'country', values: ['France'] }));
    expect(store.chartFormData(112)?.extra_form_data).toEqual(IN_FRANCE);
    expect(store.chartFormData(116)?.extra_form_data).toBeUndefined();
  });

  it('does nothing while cross_filters_enabled is off', async () => {
    const { store } = await loaded({ cross_filters_enabled: false });
    store.setCrossFilter(111, crossFilterDataMask(111, { column: 'country', values: ['France'] }));
    expect(store.dataMask.value['111']).toBeUndefined();
    expect(store.chartFormData(112)?.extra_form_data).toBeUndefined();
  });
});

describe('heatmap cell cross filter', () => {
  // What the heatmap emits for the (Cars, Small) cell: see packages/charts/src/plugins/heatmap/render.ts.
  const cell = { column: 'product_line', values: ['Cars', 'Small'], filters: [{ column: 'product_line', value: 'Cars' }, { column: 'deal_size', value: 'Small' }], label: 'Cars, Small' };
  const BOTH = [{ col: 'product_line', op: '==', val: 'Cars' }, { col: 'deal_size', op: '==', val: 'Small' }];

  it('is one equality filter per column; the filter state names the cell', () => {
    expect(crossFilterDataMask(111, cell)).toEqual({
      id: '111',
      extraFormData: { filters: BOTH },
      filterState: { value: ['Cars', 'Small'], selectedValues: ['Cars', 'Small'], label: 'Cars, Small' },
      ownState: {},
    });
  });

  it('narrows a target chart\'s query on both columns, is listed under both columns, and clears', async () => {
    const { store } = await loaded({ cross_filters_enabled: true, chart_configuration: {} });
    store.setCrossFilter(111, crossFilterDataMask(111, cell));
    const target = store.chartFormData(112)!;
    expect(target.extra_form_data?.filters).toEqual(BOTH);
    // The query sent for the target carries both filters (ANDed in its WHERE), next to its own.
    const filters = buildQueryContext(target).queries[0].filters ?? [];
    expect(filters).toEqual(expect.arrayContaining(BOTH));
    expect(store.crossFilters.value).toEqual([{ chartId: 111, chartName: 'Chart 111', column: 'product_line, deal_size', label: 'Cars, Small' }]);
    // The emitter gets its selection back to highlight the cell.
    expect(store.dataMask.value['111'].filterState?.value).toEqual(['Cars', 'Small']);
    store.setCrossFilter(111, crossFilterDataMask(111, null));
    expect(store.chartFormData(112)?.extra_form_data ?? {}).toEqual({});
  });
});

describe('filter bar Cross-filters section', () => {
  it('lists active cross filters with a clear button', async () => {
    const { store } = await loaded({ cross_filters_enabled: true });
    store.setCrossFilter(113, crossFilterDataMask(113, { column: 'country', values: ['France', 'Spain'] }));
    render(
      <DashboardContext.Provider value={{ store, uiConfig: {} } as never}>
        <FilterBar orientation="VERTICAL" />
      </DashboardContext.Provider>,
    );
    const section = screen.getByRole('region', { name: 'Cross-filters' });
    expect(section.textContent).toContain('Chart 113');
    expect(section.textContent).toContain('country: France, Spain');
    screen.getByRole('button', { name: 'Clear cross-filter of Chart 113' }).click();
    expect(store.dataMask.value['113']).toBeUndefined();
  });
});
