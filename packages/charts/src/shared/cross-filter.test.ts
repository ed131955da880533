import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { piePlugin } from '../plugins/pie/index';
import { tablePlugin } from '../plugins/table/index';
import { barChartPlugin, lineChartPlugin } from '../plugins/timeseries/index';
import type { ChartInstance, CrossFilterSelection } from '../types';
import { toggleCrossFilter } from './cross-filter';
import { RENDERED_EVENT } from './mount';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const mounted: Array<{ el: HTMLElement; chart: ChartInstance<object> }> = [];
afterEach(() => {
  for (const m of mounted.splice(0)) {
    m.chart.destroy();
    m.el.remove();
  }
});

async function mount<P extends object>(render: (el: HTMLElement, props: P) => ChartInstance<P>, props: P) {
  const el = document.createElement('div');
  document.body.append(el);
  const rendered = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
  const chart = render(el, props);
  mounted.push({ el, chart: chart as ChartInstance<object> });
  await rendered;
  return { el, chart };
}

const press = (el: Element, key: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

describe('toggleCrossFilter', () => {
  it('removes a selected value, replaces otherwise, adds with Ctrl/Cmd', () => {
    expect(toggleCrossFilter('c', undefined, 'a')).toEqual({ column: 'c', values: ['a'] });
    expect(toggleCrossFilter('c', ['a'], 'a')).toBeNull();
    expect(toggleCrossFilter('c', ['a'], 'b')).toEqual({ column: 'c', values: ['b'] });
    expect(toggleCrossFilter('c', ['a'], 'b', true)).toEqual({ column: 'c', values: ['a', 'b'] });
    expect(toggleCrossFilter('c', ['a', 'b'], 'a', true)).toEqual({ column: 'c', values: ['b'] });
    expect(toggleCrossFilter('c', [2003], '2003')).toBeNull();
  });
});

describe('pie cross filter', () => {
  const formData: QueryFormData = { datasource: '1__table', viz_type: 'pie', groupby: ['product_line'], metric: 'count' };
  const data = [{ product_line: 'Cars', count: 60 }, { product_line: 'Ships', count: 40 }];
  const base = () => piePlugin.transformProps({ formData, queriesData: [{ ...meta, data, rowcount: 2 }], width: 300, height: 300 });

  it('is not interactive without the hook', async () => {
    const { el } = await mount(piePlugin.render, base());
    expect(el.querySelectorAll('[data-cross-filter]')).toHaveLength(0);
    expect(el.querySelector('svg')!.getAttribute('role')).toBe('img');
  });

  it('a click toggles the slice value, highlights it and dims the others', async () => {
    const onCrossFilter = vi.fn<(s: CrossFilterSelection | null) => void>();
    const { el } = await mount(piePlugin.render, { ...base(), onCrossFilter });
    const slice = (name: string) => el.querySelector(`path[aria-label="Filter by ${name}"]`)!;
    expect(slice('Cars').getAttribute('tabindex')).toBe('0');
    slice('Cars').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'product_line', values: ['Cars'] });
    expect(slice('Cars').getAttribute('aria-pressed')).toBe('true');
    expect(slice('Cars').getAttribute('opacity')).toBe('1');
    expect(slice('Ships').getAttribute('opacity')).toBe('0.3');
    // Keyboard: Enter on another slice replaces, Space on it again clears.
    press(slice('Ships'), 'Enter');
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'product_line', values: ['Ships'] });
    press(slice('Ships'), ' ');
    expect(onCrossFilter).toHaveBeenLastCalledWith(null);
    expect(slice('Cars').getAttribute('opacity')).toBe('1');
  });

  it('shows the host selection passed in crossFilterValues', async () => {
    const onCrossFilter = vi.fn();
    const { el, chart } = await mount(piePlugin.render, { ...base(), onCrossFilter, crossFilterValues: ['Ships'] });
    expect(el.querySelector('path[aria-label="Filter by Ships"]')!.getAttribute('aria-pressed')).toBe('true');
    chart.update({ ...base(), onCrossFilter, crossFilterValues: undefined });
    await Promise.resolve();
    expect(el.querySelector('path[aria-label="Filter by Ships"]')!.getAttribute('aria-pressed')).toBe('false');
    el.querySelector('path[aria-label="Filter by Ships"]')!.dispatchEvent(new MouseEvent('click'));
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'product_line', values: ['Ships'] });
  });
});

describe('table cross filter', () => {
  const result: ChartDataResponseResult = {
    ...meta, colnames: ['country', 'deal_size', 'count'], coltypes: [1, 1, 0], rowcount: 3,
    data: [{ country: 'France', deal_size: 'Small', count: 3 }, { country: 'Spain', deal_size: 'Small', count: 2 }, { country: 'USA', deal_size: 'Large', count: 1 }],
  };
  const formData: QueryFormData = { datasource: '1__table', viz_type: 'table', query_mode: 'aggregate', groupby: ['country', 'deal_size'], metrics: ['count'] };
  const base = () => tablePlugin.transformProps({ formData, queriesData: [result], width: 500, height: 400 });

  it('only groupby cells are targets; a click toggles the value and highlights its row', async () => {
    expect(base().crossFilterColumns).toEqual(['country', 'deal_size']);
    const onCrossFilter = vi.fn<(s: CrossFilterSelection | null) => void>();
    const { el } = await mount(tablePlugin.render, { ...base(), onCrossFilter });
    const targets = () => [...el.querySelectorAll<HTMLElement>('tbody [data-cross-filter]')];
    expect(targets().map((t) => t.textContent)).toEqual(['France', 'Small', 'Spain', 'Small', 'USA', 'Large']);
    const cell = (text: string, column: string) => targets().find((t) => t.textContent === text && t.dataset.column === column)!;
    cell('Spain', 'country').click();
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'country', values: ['Spain'] });
    expect([...el.querySelectorAll('tbody tr.bi-table-row--selected')].map((r) => r.textContent)).toEqual(['SpainSmall2']);
    expect(cell('Spain', 'country').getAttribute('aria-pressed')).toBe('true');
    // Another column starts a new selection; Enter on the same cell clears it.
    press(cell('Small', 'deal_size'), 'Enter');
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'deal_size', values: ['Small'] });
    expect(el.querySelectorAll('tbody tr.bi-table-row--selected')).toHaveLength(2);
    press(cell('Small', 'deal_size'), ' ');
    expect(onCrossFilter).toHaveBeenLastCalledWith(null);
    expect(el.querySelectorAll('tbody tr.bi-table-row--selected')).toHaveLength(0);
  });

  it('raw mode and metric cells do not cross-filter', async () => {
    const raw = tablePlugin.transformProps({ formData: { ...formData, query_mode: 'raw', all_columns: ['country'] }, queriesData: [result], width: 500, height: 400 });
    expect(raw.crossFilterColumns).toEqual([]);
    const { el } = await mount(tablePlugin.render, { ...base(), onCrossFilter: vi.fn() });
    expect([...el.querySelectorAll<HTMLElement>('[data-cross-filter]')].some((t) => t.dataset.column === 'count')).toBe(false);
  });
});

describe('bar chart cross filter', () => {
  // happy-dom has no canvas: uPlot gets a 2D context that accepts every call.
  beforeAll(() => {
    vi.stubGlobal('Path2D', function Path2D() {
      return new Proxy({}, { get: () => () => undefined });
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      const state: Record<string | symbol, unknown> = { canvas: this };
      return new Proxy(state, {
        get: (t, k) => (k in t ? t[k] : k === 'measureText' ? () => ({ width: 10 }) : () => undefined),
        set: (t, k, v) => ((t[k] = v), true),
      }) as unknown as CanvasRenderingContext2D;
    } as never);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  const jan = Date.UTC(2003, 0, 1);
  const series: ChartDataResponseResult = {
    ...meta, colnames: ['order_date', 'Classic Cars', 'Ships'], coltypes: [2, 0, 0], rowcount: 2,
    data: [{ order_date: jan, 'Classic Cars': 10, Ships: 40 }, { order_date: jan + 1, 'Classic Cars': 5, Ships: 2 }],
  };
  const fd: QueryFormData = { datasource: '1__table', viz_type: 'echarts_timeseries_bar', x_axis: 'order_date', metrics: ['count'], groupby: ['product_line'], truncate_metric: true };

  it('props: series column for a groupby, category column for a category x-axis, nothing for lines', () => {
    const p = barChartPlugin.transformProps({ formData: fd, queriesData: [series], width: 400, height: 300 });
    expect(p.crossFilter).toEqual({ xColumn: null, xValues: [], seriesColumn: 'product_line', seriesValues: ['Ships', 'Classic Cars'] });
    const categories: ChartDataResponseResult = { ...meta, colnames: ['country', 'count'], coltypes: [1, 0], rowcount: 2, data: [{ country: 'France', count: 3 }, { country: 'Spain', count: 1 }] };
    const c = barChartPlugin.transformProps({ formData: { ...fd, x_axis: 'country', groupby: [] }, queriesData: [categories], width: 400, height: 300 });
    expect(c.crossFilter).toEqual({ xColumn: 'country', xValues: ['France', 'Spain'], seriesColumn: null, seriesValues: [] });
    expect(lineChartPlugin.transformProps({ formData: fd, queriesData: [series], width: 400, height: 300 }).crossFilter.seriesColumn).toBeNull();
  });

  it('a legend click toggles the series value (keyboard through the native button)', async () => {
    const onCrossFilter = vi.fn<(s: CrossFilterSelection | null) => void>();
    const props = { ...barChartPlugin.transformProps({ formData: fd, queriesData: [series], width: 400, height: 300 }), onCrossFilter };
    const { el } = await mount(barChartPlugin.render, props);
    const legend = (name: string) => el.querySelector<HTMLButtonElement>(`.bi-legend button[aria-label="Filter by ${name}"]`)!;
    legend('Ships').click();
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'product_line', values: ['Ships'] });
    expect(legend('Ships').getAttribute('aria-pressed')).toBe('true');
    expect(legend('Classic Cars').style.opacity).toBe('0.3');
    legend('Ships').click();
    expect(onCrossFilter).toHaveBeenLastCalledWith(null);
  });

  it('category bars: keyboard toggles per category', async () => {
    const categories: ChartDataResponseResult = { ...meta, colnames: ['country', 'count'], coltypes: [1, 0], rowcount: 2, data: [{ country: 'France', count: 3 }, { country: 'Spain', count: 1 }] };
    const onCrossFilter = vi.fn<(s: CrossFilterSelection | null) => void>();
    const props = { ...barChartPlugin.transformProps({ formData: { ...fd, x_axis: 'country', groupby: [] }, queriesData: [categories], width: 400, height: 300 }), onCrossFilter };
    const { el } = await mount(barChartPlugin.render, props);
    const item = (name: string) => el.querySelector(`[role="button"][aria-label="Filter by ${name}"]`)!;
    press(item('Spain'), 'Enter');
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'country', values: ['Spain'] });
    expect(item('Spain').getAttribute('aria-pressed')).toBe('true');
  });
});
