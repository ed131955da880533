import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_THEME } from '../../types';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { boxplotOperator } from './build-query';
import { boxPlotPlugin } from './index';

// Featured Charts/Box_Plot.yaml
const formData = { datasource: '22__table', viz_type: 'box_plot', columns: ['order_date'], time_grain_sqla: 'P1D', temporal_columns_lookup: { order_date: true }, groupby: ['product_line'], metrics: ['count'], adhoc_filters: NO_FILTER, whiskerOptions: 'Tukey', color_scheme: 'supersetColors', number_format: 'SMART_NUMBER', date_format: 'smart_date', extra_form_data: {} };
const server = result([
  { product_line: 'Cars', count__mean: 4.5, count__median: 4, count__max: 9, count__min: 1, count__q1: 2, count__q3: 6, count__count: 20, count__outliers: [15, 18] },
  { product_line: 'Ships', count__mean: 2, count__median: 2, count__max: 3, count__min: 1, count__q1: 1.5, count__q3: 2.5, count__count: 8, count__outliers: [] },
]);

describe('box_plot', () => {
  it('buildQuery: distribution columns with grain, series columns and the boxplot rule', () => {
    expect(boxPlotPlugin.buildQuery(formData).queries).toEqual([
      {
        ...BASE_QUERY,
        extras: { having: '', where: '', time_grain_sqla: 'P1D' },
        columns: [{ timeGrain: 'P1D', columnType: 'BASE_AXIS', sqlExpression: 'order_date', label: 'order_date', expressionType: 'SQL' }, 'product_line'],
        metrics: ['count'],
        series_columns: ['product_line'],
        post_processing: [{ operation: 'boxplot', options: { whisker_type: 'tukey', groupby: ['product_line'], metrics: ['count'] } }],
      },
    ]);
  });
  it('whisker options', () => {
    expect(boxplotOperator({ ...formData, whiskerOptions: '2/98 percentiles' }, ['count'])?.options).toEqual({ whisker_type: 'percentile', percentiles: [2, 98], groupby: ['product_line'], metrics: ['count'] });
    expect(boxplotOperator({ ...formData, whiskerOptions: 'Min/max (no outliers)' }, ['count'])?.options?.whisker_type).toBe('min/max');
    expect(() => boxplotOperator({ ...formData, whiskerOptions: 'nope' }, ['count'])).toThrow('Unsupported whisker type: nope');
  });
  it('transformProps: one box per group', () => {
    expect(boxPlotPlugin.transformProps({ formData, queriesData: [server], width: 500, height: 300 })).toEqual({
      width: 500,
      height: 300,
      theme: DEFAULT_CHART_THEME,
      gate: { rowcount: 2, rowState: 'ok', blocked: false },
      ariaLabel: 'Box plot of count by product_line: Cars median 4, Ships median 2',
      boxes: [
        { name: 'Cars', color: '#1FA8C9', min: 1, q1: 2, median: 4, q3: 6, max: 9, mean: 4.5, count: 20, outliers: [15, 18] },
        { name: 'Ships', color: '#454E7C', min: 1, q1: 1.5, median: 2, q3: 2.5, max: 3, mean: 2, count: 8, outliers: [] },
      ],
      numberFormat: 'SMART_NUMBER',
      xAxisTitle: '',
      yAxisTitle: '',
      crossFilterColumn: 'product_line',
      boxValues: ['Cars', 'Ships'],
    });
    // With two metrics a box is a (group, metric) pair: no single value to cross filter on.
    expect(boxPlotPlugin.transformProps({ formData: { ...formData, metrics: ['count', 'sum'] }, queriesData: [result([{ product_line: 'Cars', count__median: 4, sum__median: 9 }])], width: 500, height: 300 }).crossFilterColumn).toBeNull();
  });
  it('render: boxes, medians, outliers', async () => {
    const { el, chart } = await mount(boxPlotPlugin, boxPlotPlugin.transformProps({ formData, queriesData: [server], width: 500, height: 300 }));
    expect(el.querySelectorAll('g.bi-box').length).toBe(2);
    expect(el.querySelectorAll('rect.bi-box-iqr').length).toBe(2);
    expect(el.querySelectorAll('circle.bi-box-outlier').length).toBe(2);
    expect(el.querySelector('svg')?.getAttribute('role')).toBe('img');
    expect(el.querySelectorAll('[data-cross-filter]').length).toBe(0);
    chart.destroy();
  });
  it('render: boxes are cross-filter toggles on a dashboard; a click selects, another click clears', async () => {
    const selections: unknown[] = [];
    const props = { ...boxPlotPlugin.transformProps({ formData, queriesData: [server], width: 500, height: 300 }), onCrossFilter: (s: unknown) => selections.push(s) };
    const { el, chart } = await mount(boxPlotPlugin, props);
    expect(el.querySelector('svg')?.getAttribute('role')).toBe('group');
    const boxes = [...el.querySelectorAll<SVGGElement>('g.bi-box[data-cross-filter]')];
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual(['Filter by Cars', 'Filter by Ships']);
    boxes[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(selections).toEqual([{ column: 'product_line', values: ['Ships'] }]);
    expect(boxes.map((b) => b.getAttribute('opacity'))).toEqual(['0.3', '1']);
    expect(boxes[1].getAttribute('aria-pressed')).toBe('true');
    boxes[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(selections[1]).toBeNull();
    chart.destroy();
  });
});
