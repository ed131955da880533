import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_THEME } from '../../types';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { bubblePlugin } from './index';

const x = { expressionType: 'SIMPLE' as const, column: { column_name: 'quantity_ordered' }, aggregate: 'SUM' as const, label: 'SUM(quantity_ordered)', hasCustomLabel: false };
const y = { expressionType: 'SIMPLE' as const, column: { column_name: 'country' }, aggregate: 'COUNT_DISTINCT' as const, label: 'COUNT_DISTINCT(country)', hasCustomLabel: false };
// Featured Charts/Bubble.yaml (metrics trimmed to the fields that matter)
const formData = { datasource: '22__table', viz_type: 'bubble_v2', series: 'product_line', entity: 'deal_size', x, y, adhoc_filters: NO_FILTER, size: 'count', order_desc: true, row_limit: 10000, color_scheme: 'supersetColors', show_legend: true, legendType: 'scroll', legendOrientation: 'top', max_bubble_size: '25', tooltipSizeFormat: 'SMART_NUMBER', opacity: 0.6, xAxisFormat: 'SMART_NUMBER', y_axis_format: 'SMART_NUMBER', truncateXAxis: true, y_axis_bounds: [null, null], extra_form_data: {} };
const server = result([
  { deal_size: 'Small', product_line: 'Cars', 'SUM(quantity_ordered)': 1200, 'COUNT_DISTINCT(country)': 12, count: 40 },
  { deal_size: 'Large', product_line: 'Cars', 'SUM(quantity_ordered)': 300, 'COUNT_DISTINCT(country)': 5, count: 10 },
  { deal_size: 'Small', product_line: 'Ships', 'SUM(quantity_ordered)': 600, 'COUNT_DISTINCT(country)': 8, count: 25 },
]);

describe('bubble_v2', () => {
  it('buildQuery: entity and series columns, x/y/size metrics', () => {
    expect(bubblePlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['deal_size', 'product_line'], metrics: [x, y, 'count'], row_limit: 10000 }]);
    expect(bubblePlugin.buildQuery({ ...formData, limit: 50 }).queries[0].row_limit).toBe(50);
  });
  it('transformProps: diameters scale to twice max_bubble_size plus 5', () => {
    const p = bubblePlugin.transformProps({ formData, queriesData: [server], width: 500, height: 400 });
    expect(p).toEqual({
      width: 500,
      height: 400,
      theme: DEFAULT_CHART_THEME,
      gate: { rowcount: 3, rowState: 'ok', blocked: false },
      ariaLabel: 'Bubble chart of SUM(quantity_ordered) against COUNT_DISTINCT(country), sized by count: 3 deal_size bubbles',
      bubbles: [
        { entity: 'Small', series: 'Cars', x: 1200, y: 12, size: 40, diameter: 55, color: '#1FA8C9', tooltip: 'Small (Cars)\nSUM(quantity_ordered): 1.2k\nCOUNT_DISTINCT(country): 12\ncount: 40' },
        { entity: 'Large', series: 'Cars', x: 300, y: 5, size: 10, diameter: 5, color: '#1FA8C9', tooltip: 'Large (Cars)\nSUM(quantity_ordered): 300\nCOUNT_DISTINCT(country): 5\ncount: 10' },
        { entity: 'Small', series: 'Ships', x: 600, y: 8, size: 25, diameter: 30, color: '#454E7C', tooltip: 'Small (Ships)\nSUM(quantity_ordered): 600\nCOUNT_DISTINCT(country): 8\ncount: 25' },
      ],
      legend: [{ name: 'Cars', color: '#1FA8C9' }, { name: 'Ships', color: '#454E7C' }],
      showLegend: true,
      logX: false,
      logY: false,
      opacity: 0.6,
      xFormat: 'SMART_NUMBER',
      yFormat: 'SMART_NUMBER',
      xAxisLabel: '',
      yAxisLabel: '',
    });
  });
  it('render: one circle per entity, largest first; log axes', async () => {
    const props = bubblePlugin.transformProps({ formData: { ...formData, logXAxis: true }, queriesData: [server], width: 500, height: 400 });
    const { el, chart } = await mount(bubblePlugin, props);
    const circles = [...el.querySelectorAll('circle.bi-bubble')];
    expect(circles.map((c) => c.getAttribute('r'))).toEqual(['27.5', '15', '2.5']);
    expect([...el.querySelectorAll('.bi-axis-bottom text')].map((t) => t.textContent)).toEqual(['1k']);
    expect(el.querySelectorAll('.bi-legend li').length).toBe(2);
    chart.destroy();
  });
});
