import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { radarPlugin } from './index';
import { fittedRadius, spokePoint } from './render';
import { radarAxis } from './transform-props';

// Featured Charts/Radar.yaml
const avg = (column: string) => ({ expressionType: 'SIMPLE' as const, column: { column_name: column, type: 'DOUBLE PRECISION' }, aggregate: 'AVG' as const, hasCustomLabel: false, label: `AVG(${column})` });
const metrics = ['count', avg('price_each'), avg('sales')];
const formData: QueryFormData = {
  datasource: '22__table', viz_type: 'radar', groupby: ['product_line'], metrics, adhoc_filters: NO_FILTER, row_limit: 10, color_scheme: 'supersetColors',
  show_legend: true, legendType: 'scroll', legendOrientation: 'top', legendMargin: '', show_labels: false, label_type: 'value', label_position: 'top',
  number_format: 'SMART_NUMBER', date_format: 'smart_date', is_circle: true, extra_form_data: {}, dashboards: [],
};
const server = result([
  { product_line: 'Classic Cars', count: 967, 'AVG(price_each)': 87.3, 'AVG(sales)': 4053.4 },
  { product_line: 'Vintage Cars', count: 607, 'AVG(price_each)': 78.4, 'AVG(sales)': 3135.4 },
  { product_line: 'Trains', count: 77, 'AVG(price_each)': 72.1, 'AVG(sales)': 2938.2 },
]);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 500, height: 400 });

describe('radar', () => {
  it('buildQuery: the base query ordered by the first metric, descending (the incumbent query)', () => {
    expect(radarPlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['product_line'], metrics, orderby: [['count', false]], row_limit: 10 }]);
    expect(radarPlugin.buildQuery({ ...formData, series_limit_metric: 'sum' }).queries[0].orderby).toEqual([['sum', false]]);
  });
  it('buildQuery and transformProps: no metrics is an error, not a blank chart', () => {
    expect(() => radarPlugin.buildQuery({ ...formData, metrics: [] })).toThrow('Metrics cannot be empty');
    expect(() => radarPlugin.transformProps(input({ ...formData, metrics: undefined }))).toThrow('Metrics cannot be empty');
    expect(() => radarPlugin.transformProps(input({ ...formData, groupby: ['dropped'] }))).toThrow('Column "dropped" is not in the query result');
  });
  it('transformProps: a spoke per metric from 0 to its maximum, a series per product line', () => {
    const props = radarPlugin.transformProps(input());
    expect(props.axes).toEqual([{ name: 'count', min: 0, max: 967 }, { name: 'AVG(price_each)', min: 0, max: 87.3 }, { name: 'AVG(sales)', min: 0, max: 4053.4 }]);
    expect(props.series.map((s) => [s.name, s.color])).toEqual([['Classic Cars', '#1FA8C9'], ['Vintage Cars', '#454E7C'], ['Trains', '#5AC189']]);
    expect(props.series[0].positions).toEqual([1, 1, 1]);
    expect(props.series[2].formatted).toEqual(['77', '72.1', '2.94k']);
    expect(props.series[0].labels).toEqual(['', '', '']);
    expect(props.circle).toBe(true);
    expect(props.crossFilterColumn).toBe('product_line');
    expect(props.ariaLabel).toBe('Radar chart of count, AVG(price_each), AVG(sales) by product_line: Classic Cars, Vintage Cars, Trains');
    const labelled = radarPlugin.transformProps(input({ ...formData, show_labels: true, label_type: 'key_value', is_normalized: true }));
    expect(labelled.series[1].labels[0]).toBe('count: 607');
    expect(labelled.axes[0]).toEqual({ name: 'count', min: 0, max: 1 });
    // Normalised: each series against its own largest value.
    expect(labelled.series[2].positions[2]).toBe(1);
  });
  it('transformProps: series colours are lifted on a dark surface, the scheme colours on a light one', () => {
    expect(radarPlugin.transformProps({ ...input(), surface: 'rgb(255, 255, 255)' }).series[1].color).toBe('#454E7C');
    expect(radarPlugin.transformProps({ ...input(), surface: 'rgb(34, 39, 46)' }).series[1].color).not.toBe('#454E7C');
  });
  it('radarAxis: configured bounds win; a cleared minimum takes the data minimum', () => {
    expect(radarAxis('count', [3, 9], { count: { radarMetricMaxValue: 20 } })).toEqual({ name: 'count', min: 0, max: 20 });
    expect(radarAxis('count', [3, 9], { count: { radarMetricMaxValue: null, radarMetricMinValue: null } })).toEqual({ name: 'count', min: 3, max: 9 });
    expect(radarAxis('count', [0, 0], {})).toEqual({ name: 'count', min: 0, max: 1 });
  });
  it('spokePoint: the first spoke points up, the next to the left', () => {
    expect(spokePoint(0, 4, 1, { cx: 100, cy: 100, r: 50 })).toEqual([100, 50]);
    const [x, y] = spokePoint(1, 4, 1, { cx: 100, cy: 100, r: 50 });
    expect([Math.round(x), Math.round(y)]).toEqual([50, 100]);
  });
  it('fittedRadius: names beside sideways spokes bound the radius, a name above the top spoke does not', () => {
    // Three spokes: up, lower left, lower right (cos 30° = 0.866 sideways).
    expect(fittedRadius([200, 90, 90], 330, 330, 12)).toBeCloseTo((165 - 8 - 90 - 2) / Math.cos(Math.PI / 6), 5);
    // A card too narrow for its names still draws a radar a sixth of its size.
    expect(fittedRadius([300, 300, 300], 330, 330, 12)).toBe(55);
  });
  it('render: rings, spokes, axis names, a focusable series each with its tooltip, the legend', async () => {
    const { el, chart } = await mount(radarPlugin, radarPlugin.transformProps(input()));
    expect(el.querySelectorAll('.bi-radar-grid circle').length).toBe(5);
    expect(el.querySelectorAll('.bi-radar-grid line').length).toBe(3);
    expect([...el.querySelectorAll('.bi-radar-axis text')].map((t) => t.textContent)).toEqual(['count', 'AVG(price_each)', 'AVG(sales)']);
    const series = [...el.querySelectorAll<SVGGElement>('g.bi-radar-series')];
    expect(series.length).toBe(3);
    expect(series[2].getAttribute('aria-label')).toBe('Trains: count 77, AVG(price_each) 72.1, AVG(sales) 2.94k');
    series[2].dispatchEvent(new FocusEvent('focus'));
    expect(el.querySelector('.bi-tooltip')?.textContent).toBe('Trainscount: 77AVG(price_each): 72.1AVG(sales): 2.94k');
    const legend = [...el.querySelectorAll<HTMLButtonElement>('.bi-legend button')];
    expect(legend.map((b) => b.textContent)).toEqual(['Classic Cars', 'Vintage Cars', 'Trains']);
    legend[0].click();
    expect(series[0].style.display).toBe('none');
    chart.destroy();
  });
  it('render: polygon rings without is_circle; series are cross-filter toggles on a dashboard', async () => {
    const selections: unknown[] = [];
    const props = { ...radarPlugin.transformProps(input({ ...formData, is_circle: false })), onCrossFilter: (s: unknown) => selections.push(s), crossFilterValues: ['Trains'] };
    const { el, chart } = await mount(radarPlugin, props);
    expect(el.querySelectorAll('.bi-radar-grid polygon').length).toBe(5);
    const series = [...el.querySelectorAll<SVGGElement>('g.bi-radar-series')];
    expect(series.map((s) => s.getAttribute('opacity'))).toEqual(['0.3', '0.3', '1']);
    series[0].dispatchEvent(new MouseEvent('click'));
    expect(selections).toEqual([{ column: 'product_line', values: ['Classic Cars'] }]);
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(radarPlugin, radarPlugin.transformProps(input(formData, result([], ['product_line', 'count']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
