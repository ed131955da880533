import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { mount, result } from '../svg-common/test-support';
import { horizonBandPaths } from './bands';
import { horizonPlugin } from './index';
import { changeFromFirst } from './transform-props';

// Vehicle Sales/Seasonality_of_Revenue_per_Product_Line.yaml
const metric = { aggregate: 'SUM' as const, column: { column_name: 'sales', type: 'DOUBLE PRECISION', id: 917 }, expressionType: 'SIMPLE' as const, hasCustomLabel: false, isNew: false, label: '(Sales)', optionName: 'metric_e3kxby3hnjs_nfd4adbcnsn' };
const formData = {
  adhoc_filters: [], datasource: '23__table', granularity_sqla: 'order_date', groupby: ['product_line'], horizon_color_scale: 'series', metrics: [metric], order_desc: true,
  queryFields: { groupby: 'groupby', metrics: 'metrics' }, row_limit: null, series_height: '25', slice_id: 2811, time_range: 'No filter', url_params: {}, viz_type: 'horizon', annotation_layers: [],
} as unknown as QueryFormData;
const day = (d: number) => Date.UTC(2003, 0, d);
const server = result([
  { __timestamp: day(6), product_line: 'Motorcycles', '(Sales)': 100 },
  { __timestamp: day(6), product_line: 'Classic Cars', '(Sales)': 400 },
  { __timestamp: day(9), product_line: 'Classic Cars', '(Sales)': 200 },
  { __timestamp: day(10), product_line: 'Motorcycles', '(Sales)': 300 },
], ['__timestamp', 'product_line', '(Sales)'], [2, 1, 0]);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 300, height: 200 });

describe('horizon', () => {
  it('buildQuery: the legacy time-series query over granularity_sqla', () => {
    expect(horizonPlugin.buildQuery(formData).queries).toEqual([
      {
        applied_time_extras: {}, filters: [], extras: { having: '', where: '' }, annotation_layers: [], series_limit: 0, order_desc: true, url_params: {}, custom_params: {}, custom_form_data: {},
        time_range: 'No filter', granularity: 'order_date', columns: ['product_line'], metrics: [metric], is_timeseries: true,
      },
    ]);
    expect(horizonPlugin.buildQuery({ ...formData, limit: 5, timeseries_limit_metric: 'count' }).queries[0]).toMatchObject({ series_limit: 5, series_limit_metric: 'count' });
  });
  it('buildQuery and transformProps: no metrics is an error, not a blank chart', () => {
    expect(() => horizonPlugin.buildQuery({ ...formData, metrics: [] })).toThrow('Metrics cannot be empty');
    expect(() => horizonPlugin.transformProps(input({ ...formData, metrics: undefined }))).toThrow('Metrics cannot be empty');
    expect(() => horizonPlugin.transformProps(input({ ...formData, groupby: ['deal_size'] }))).toThrow('Column "deal_size" is not in the query result');
  });
  it('transformProps: a row per product line over the shared time steps, each on its own scale', () => {
    const props = horizonPlugin.transformProps(input());
    expect(props.times).toEqual([day(6), day(9), day(10)]);
    expect(props.series).toEqual([
      { name: 'Classic Cars', values: [400, 200, null], formatted: ['400', '200', 'N/A'], extent: 400 },
      { name: 'Motorcycles', values: [100, null, 300], formatted: ['100', 'N/A', '300'], extent: 300 },
    ]);
    expect(props.rowHeight).toBe(25);
    expect(props.timeLabels[0]).toBe('Mon Jan 06, 2003');
    expect(props.ariaLabel).toBe('Horizon chart of (Sales) by product_line over 3 time steps: Classic Cars, Motorcycles');
    expect(horizonPlugin.transformProps(input({ ...formData, horizon_color_scale: 'overall' })).series.map((s) => s.extent)).toEqual([400, 400]);
    const change = horizonPlugin.transformProps(input({ ...formData, horizon_color_scale: 'change', series_height: '50' }));
    expect(change.series[1].values).toEqual([0, null, 200]);
    expect(change.rowHeight).toBe(50);
    const shares = horizonPlugin.transformProps(input({ ...formData, contribution: true }));
    expect(shares.series[0].values).toEqual([0.8, 1, null]);
  });
  it('changeFromFirst and horizonBandPaths: values fold into bands of the row height', () => {
    expect(changeFromFirst([null, 5, 7, 2])).toEqual([null, 0, 2, -3]);
    const paths = horizonBandPaths([10, -5, 2.5, null], 10, 4, 20, 4);
    expect(paths.positive).toEqual(['M0,0h4.5v20h-4.5ZM8,0h4.5v20h-4.5Z', 'M0,0h4.5v20h-4.5Z', 'M0,0h4.5v20h-4.5Z', 'M0,0h4.5v20h-4.5Z']);
    // 2.5 of 10 over 4 bands of 20 px is one full band; -5 is two full bands hanging from the top.
    expect(horizonBandPaths([2.5], 10, 4, 20, 4).positive).toEqual(['M0,0h4.5v20h-4.5Z', '', '', '']);
    expect(paths.negative).toEqual(['M4,0h4.5v20h-4.5Z', 'M4,0h4.5v20h-4.5Z', '', '']);
    expect(horizonBandPaths([3], 0, 4, 20, 4).positive).toEqual(['', '', '', '']);
  });
  it('render: a focusable row per series with its name, bands, and a tooltip that steps with the arrow keys', async () => {
    const { el, chart } = await mount(horizonPlugin, horizonPlugin.transformProps(input()));
    const rows = [...el.querySelectorAll<SVGGElement>('g.bi-horizon-row')];
    expect(rows.map((r) => r.querySelector('.bi-horizon-title')?.textContent)).toEqual(['Classic Cars', 'Motorcycles']);
    expect(rows[0].querySelectorAll('path.bi-horizon-band').length).toBe(4);
    expect(rows[1].getAttribute('aria-label')).toBe('Motorcycles: Mon Jan 06, 2003 100 to Fri Jan 10, 2003 300');
    rows[1].dispatchEvent(new FocusEvent('focus'));
    const tip = () => el.querySelector<HTMLElement>('.bi-tooltip')?.textContent;
    expect(tip()).toBe('MotorcyclesFri Jan 10, 2003: 300');
    rows[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'Home' }));
    expect(tip()).toBe('MotorcyclesMon Jan 06, 2003: 100');
    rows[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    expect(tip()).toBe('MotorcyclesThu Jan 09, 2003: N/A');
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(horizonPlugin, horizonPlugin.transformProps(input(formData, result([], ['__timestamp', 'product_line', '(Sales)']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
