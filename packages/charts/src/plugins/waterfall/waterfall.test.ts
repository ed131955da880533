import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@lumen-bi/core';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { waterfallPlugin } from './index';
import { layoutSteps, WATERFALL_DEFAULT_NAMES } from './transform-props';

// Featured Charts/Waterfall.yaml
const metric = { expressionType: 'SIMPLE' as const, column: { column_name: 'sales', type: 'DOUBLE PRECISION', id: 734 }, aggregate: 'SUM' as const, hasCustomLabel: false, label: 'SUM(sales)', optionName: 'metric_uufmfvmm7_zhsh1h4vbh' };
const formData: QueryFormData = {
  datasource: '22__table', viz_type: 'waterfall', x_axis: 'order_date', time_grain_sqla: 'P3M', groupby: [], metric, adhoc_filters: NO_FILTER, row_limit: 10000, show_value: true,
  increase_color: { r: 90, g: 193, b: 137, a: 1 }, decrease_color: { r: 224, g: 67, b: 85, a: 1 }, total_color: { r: 102, g: 102, b: 102, a: 1 },
  x_axis_time_format: 'smart_date', x_ticks_layout: 'auto', y_axis_format: 'SMART_NUMBER', extra_form_data: {}, dashboards: [13],
};
const Q = (y: number, m: number) => Date.UTC(y, m, 1);
const server = result([
  { order_date: Q(2003, 0), 'SUM(sales)': 445094.69 },
  { order_date: Q(2003, 3), 'SUM(sales)': 562365.22 },
  { order_date: Q(2003, 6), 'SUM(sales)': -100000 },
], ['order_date', 'SUM(sales)'], [2, 0]);
const input = (fd: Record<string, unknown> = formData, data = server) => ({ formData: fd as QueryFormData, queriesData: [data], width: 600, height: 400 });

describe('waterfall', () => {
  it('buildQuery: the x axis at the time grain, ordered ascending (the incumbent query)', () => {
    expect(waterfallPlugin.buildQuery(formData).queries).toEqual([
      {
        ...BASE_QUERY,
        extras: { having: '', where: '', time_grain_sqla: 'P3M' },
        columns: [{ timeGrain: 'P3M', columnType: 'BASE_AXIS', sqlExpression: 'order_date', label: 'order_date', expressionType: 'SQL' }],
        metrics: [metric],
        orderby: [['order_date', true]],
        row_limit: 10000,
      },
    ]);
    expect(waterfallPlugin.buildQuery({ ...formData, groupby: ['deal_size'] }).queries[0].orderby).toEqual([['order_date', true], ['deal_size', true]]);
  });
  it('buildQuery and transformProps: a missing metric is an error, not a blank chart', () => {
    expect(() => waterfallPlugin.buildQuery({ ...formData, metric: undefined })).toThrow('Metric cannot be empty');
    expect(() => waterfallPlugin.transformProps(input({ ...formData, metric: null }))).toThrow('Metric cannot be empty');
    expect(() => waterfallPlugin.transformProps(input({ ...formData, x_axis: 'nope' }))).toThrow('Column "nope" is not in the query result');
  });
  it('transformProps: steps from the running total, the total last, the saved colours', () => {
    const props = waterfallPlugin.transformProps(input());
    expect(props.bars.map((b) => [b.label, b.kind, b.start, b.end, b.valueLabel])).toEqual([
      ['2003', 'increase', 0, 445094.69, '445k'],
      ['Apr 2003', 'increase', 445094.69, 1007459.9099999999, '562k'],
      ['Jul 2003', 'decrease', 1007459.9099999999, 907459.9099999999, '−100k'],
      ['Total', 'total', 0, 907459.9099999999, '907k'],
    ]);
    expect(props.bars[1].tooltipTitle).toBe('April 2003');
    expect(props.bars[1].tooltipLines).toEqual([{ label: 'Increase', value: '562k' }, { label: 'Total', value: '1.01M' }]);
    expect(props.colors).toEqual({ increase: 'rgba(90,193,137,1)', decrease: 'rgba(224,67,85,1)', total: 'rgba(102,102,102,1)' });
    expect(props.showLegend).toBe(false);
    // A time bucket is a range: no equality cross filter on a temporal x.
    expect(props.crossFilterColumn).toBeNull();
    expect(props.ariaLabel).toBe('Waterfall chart of SUM(sales) by order_date: 3 steps, ending at 907k');
    expect(waterfallPlugin.transformProps(input({ ...formData, show_total: false, show_value: false })).bars.map((b) => b.kind)).toEqual(['increase', 'increase', 'decrease']);
  });
  it('transformProps: a breakdown gives a bar per breakdown value and a total per period', () => {
    const rows = result([
      { order_date: Q(2003, 0), deal_size: 'Small', 'SUM(sales)': 10 },
      { order_date: Q(2003, 0), deal_size: 'Large', 'SUM(sales)': 5 },
      { order_date: Q(2003, 3), deal_size: 'Small', 'SUM(sales)': -3 },
    ], ['order_date', 'deal_size', 'SUM(sales)'], [2, 1, 0]);
    const props = waterfallPlugin.transformProps(input({ ...formData, groupby: ['deal_size'], total_label: 'Sum' }, rows));
    expect(props.bars.map((b) => [b.label, b.kind, b.start, b.end])).toEqual([
      ['Small', 'increase', 0, 10], ['Large', 'increase', 10, 15], ['2003', 'total', 0, 15], ['Small', 'decrease', 15, 12], ['Apr 2003', 'total', 0, 12],
    ]);
    expect(props.names.total).toBe('Sum');
    expect(props.crossFilterColumn).toBe('deal_size');
    expect(props.bars[0].filterValue).toBe('Small');
    expect(props.bars[2].filterValue).toBeUndefined();
  });
  it('layoutSteps: a decrease below zero runs from the running total down', () => {
    const bars = layoutSteps([{ label: 'a', title: 'a', value: 2, isTotal: false }, { label: 'b', title: 'b', value: -5, isTotal: false }], WATERFALL_DEFAULT_NAMES, String, false);
    expect(bars.map((b) => [b.kind, b.start, b.end])).toEqual([['increase', 0, 2], ['decrease', 2, -3]]);
  });
  it('render: one bar per step with value labels, legend off, tooltips on hover and focus', async () => {
    const { el, chart } = await mount(waterfallPlugin, waterfallPlugin.transformProps(input()));
    const bars = [...el.querySelectorAll<SVGGElement>('g.bi-waterfall-bar')];
    expect(bars.map((b) => b.dataset.kind)).toEqual(['increase', 'increase', 'decrease', 'total']);
    expect(bars.map((b) => b.querySelector('rect')?.getAttribute('fill'))).toEqual(['rgba(90,193,137,1)', 'rgba(90,193,137,1)', 'rgba(224,67,85,1)', 'rgba(102,102,102,1)']);
    expect([...el.querySelectorAll('.bi-waterfall-bars text')].map((t) => t.textContent)).toEqual(['445k', '562k', '−100k', '907k']);
    expect([...el.querySelectorAll('.bi-axis-category text')].map((t) => t.textContent)).toEqual(['2003', 'Apr 2003', 'Jul 2003', 'Total']);
    expect(el.querySelector('.bi-legend')).toBeNull();
    expect(bars[1].getAttribute('aria-label')).toBe('April 2003: Increase 562k, Total 1.01M');
    expect(bars[1].getAttribute('tabindex')).toBe('0');
    bars[2].dispatchEvent(new FocusEvent('focus'));
    expect(el.querySelector<HTMLElement>('.bi-tooltip')?.textContent).toBe('July 2003Decrease: −100kTotal: 907k');
    bars[1].dispatchEvent(new MouseEvent('mouseenter'));
    expect(el.querySelector<HTMLElement>('.bi-tooltip')?.textContent).toBe('April 2003Increase: 562kTotal: 1.01M');
    chart.destroy();
  });
  it('render: a value label wider than its bar is left to the tooltip', async () => {
    const { el, chart } = await mount(waterfallPlugin, { ...waterfallPlugin.transformProps(input()), width: 120 });
    expect(el.querySelectorAll('.bi-waterfall-bars text').length).toBe(0);
    expect(el.querySelectorAll('g.bi-waterfall-bar').length).toBe(4);
    chart.destroy();
  });
  it('render: the legend hides a kind of bars; rotated ticks at 45°', async () => {
    const { el, chart } = await mount(waterfallPlugin, waterfallPlugin.transformProps(input({ ...formData, show_legend: true, x_ticks_layout: '45°' })));
    const buttons = [...el.querySelectorAll<HTMLButtonElement>('.bi-legend button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Increase', 'Decrease', 'Total']);
    buttons[1].click();
    expect(el.querySelector<SVGGElement>('g.bi-waterfall-bar[data-kind="decrease"]')?.style.display).toBe('none');
    expect(el.querySelector('.bi-axis-category text')?.getAttribute('transform')).toMatch(/^rotate\(-45 /);
    chart.destroy();
  });
  it('render: breakdown bars are cross-filter toggles on a dashboard, totals are not', async () => {
    const rows = result([{ order_date: Q(2003, 0), deal_size: 'Small', 'SUM(sales)': 10 }, { order_date: Q(2003, 0), deal_size: 'Large', 'SUM(sales)': 5 }], ['order_date', 'deal_size', 'SUM(sales)'], [2, 1, 0]);
    const selections: unknown[] = [];
    const props = { ...waterfallPlugin.transformProps(input({ ...formData, groupby: ['deal_size'] }, rows)), onCrossFilter: (s: unknown) => selections.push(s) };
    const { el, chart } = await mount(waterfallPlugin, props);
    const toggles = [...el.querySelectorAll<SVGGElement>('[data-cross-filter]')];
    expect(toggles.map((t) => t.getAttribute('aria-label'))).toEqual(['Filter by Small', 'Filter by Large']);
    toggles[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(selections).toEqual([{ column: 'deal_size', values: ['Large'] }]);
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(waterfallPlugin, waterfallPlugin.transformProps(input(formData, result([], ['order_date', 'SUM(sales)']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
