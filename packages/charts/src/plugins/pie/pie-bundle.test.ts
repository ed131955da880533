import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults } from '../../controls/validators';
import { mount, result } from '../svg-common/test-support';
import { piePlugin } from './index';

// Featured Charts/Pie.yaml (the metric's column trimmed to the fields that matter)
const featured = {
  datasource: '22__table', viz_type: 'pie', groupby: ['product_line'],
  metric: { expressionType: 'SIMPLE', column: { column_name: 'sales' }, aggregate: 'SUM', sqlExpression: null, hasCustomLabel: false, label: 'SUM(sales)' },
  adhoc_filters: [{ clause: 'WHERE', subject: 'order_date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', expressionType: 'SIMPLE' }],
  row_limit: 100, sort_by_metric: true, color_scheme: 'supersetColors', show_labels_threshold: 5, show_legend: true, legendType: 'scroll', legendOrientation: 'top',
  label_type: 'key', number_format: 'SMART_NUMBER', date_format: 'smart_date', show_labels: true, labels_outside: true, outerRadius: 70, innerRadius: 30, extra_form_data: {}, dashboards: [13],
};
// FCC New Coder Survey/Gender.yaml (an older save: granularity_sqla, queryFields, no legend)
const gender = {
  adhoc_filters: [], color_scheme: 'supersetColors', datasource: '42__table', donut: true, granularity_sqla: 'time_start', groupby: ['gender'], innerRadius: 44, label_line: true,
  labels_outside: true, metric: 'count', number_format: 'SMART_NUMBER', outerRadius: 69, label_type: 'key', queryFields: { groupby: 'groupby', metric: 'metrics' }, row_limit: 10000,
  show_labels: true, show_legend: false, slice_id: 1385, time_range: 'No filter', url_params: {}, viz_type: 'pie',
};
const sales = result([{ product_line: 'Classic Cars', 'SUM(sales)': 3919615.66 }, { product_line: 'Vintage Cars', 'SUM(sales)': 1903150.84 }, { product_line: 'Trains', 'SUM(sales)': 226243.47 }]);

describe('pie: the incumbent example bundle', () => {
  it('buildQuery: the dimension and the adhoc metric, ordered by it, under the saved row limit', () => {
    const [q] = piePlugin.buildQuery(featured as never).queries;
    expect([q.columns, q.metrics, q.row_limit, q.orderby]).toEqual([['product_line'], [featured.metric], 100, [[featured.metric, false]]]);
    const [g] = piePlugin.buildQuery(gender as never).queries;
    expect([g.columns, g.metrics, g.row_limit, g.orderby]).toEqual([['gender'], ['count'], 10000, undefined]);
  });

  it('transformProps: slices keyed by the dimension, labels above the 5% threshold, donut radii and legend as saved', () => {
    const p = piePlugin.transformProps({ formData: featured as never, queriesData: [sales], width: 400, height: 300 });
    expect(p.slices.map((s) => [s.name, s.label, s.color])).toEqual([['Classic Cars', 'Classic Cars', '#1FA8C9'], ['Vintage Cars', 'Vintage Cars', '#454E7C'], ['Trains', '', '#5AC189']]);
    expect([p.formattedTotal, p.donut, p.showLegend, p.legendOrientation]).toEqual(['6.05M', false, true, 'top']);
    const g = piePlugin.transformProps({ formData: gender as never, queriesData: [result([{ gender: 'Male', count: 80 }, { gender: 'Female', count: 20 }])], width: 400, height: 300 });
    expect([g.donut, g.innerRadius, g.outerRadius, g.showLegend]).toEqual([true, 44, 69, false]);
  });

  it('render: the legend sits on the side legendOrientation names; Explore offers the control', async () => {
    expect(getControlDefaults(getControlPanel('pie')).legendOrientation).toBe('top');
    const p = piePlugin.transformProps({ formData: { ...featured, legendOrientation: 'right' } as never, queriesData: [sales], width: 400, height: 300 });
    const { el, chart } = await mount(piePlugin, p);
    const frame = el.querySelector('svg')!.parentElement!.parentElement!;
    expect(frame.style.flexDirection).toBe('row');
    expect(frame.lastElementChild!.textContent).toContain('Classic Cars');
    chart.destroy();
  });
});
