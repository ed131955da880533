import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_THEME } from '../../types';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { histogramPlugin } from './index';

// Featured Charts/Histogram.yaml
const formData = { datasource: '22__table', viz_type: 'histogram_v2', slice_id: 130, column: 'quantity_ordered', groupby: ['deal_size'], adhoc_filters: NO_FILTER, row_limit: 10000, bins: 10, normalize: false, color_scheme: 'supersetAndPresetColors', show_value: false, show_legend: true, extra_form_data: {} };
// What the server's `histogram` returns: one row per group, one column per bin.
const server = result(
  [{ deal_size: 'Small', '6.0 - 27.0': 3, '27.0 - 48.0': 5, '48.0 - 69.0': 0 }, { deal_size: 'Large', '6.0 - 27.0': 0, '27.0 - 48.0': 2, '48.0 - 69.0': 1 }],
  ['deal_size', '6.0 - 27.0', '27.0 - 48.0', '48.0 - 69.0'],
);

describe('histogram_v2', () => {
  it('buildQuery: raw column values and the histogram rule', () => {
    expect(histogramPlugin.buildQuery(formData).queries).toEqual([
      { ...BASE_QUERY, columns: ['deal_size', 'quantity_ordered'], row_limit: 10000, post_processing: [{ operation: 'histogram', options: { column: 'quantity_ordered', groupby: ['deal_size'], bins: 10, cumulative: undefined, normalize: false } }] },
    ]);
    expect(histogramPlugin.buildQuery({ ...formData, bins: 'x', groupby: [], cumulative: true }).queries[0].post_processing).toEqual([
      { operation: 'histogram', options: { column: 'quantity_ordered', groupby: [], bins: 5, cumulative: true, normalize: false } },
    ]);
  });
  it('transformProps: one series per group over formatted bins', () => {
    expect(histogramPlugin.transformProps({ formData, queriesData: [server], width: 600, height: 300 })).toEqual({
      width: 600,
      height: 300,
      theme: DEFAULT_CHART_THEME,
      gate: { rowcount: 2, rowState: 'ok', blocked: false },
      ariaLabel: 'Histogram of quantity_ordered by deal_size: 3 bins, 2 series',
      bins: ['6 - 27', '27 - 48', '48 - 69'],
      series: [{ name: 'Small', color: '#1FA8C9', values: [3, 5, 0] }, { name: 'Large', color: '#454E7C', values: [0, 2, 1] }],
      showValue: false,
      showLegend: true,
      xAxisTitle: '',
      yAxisTitle: '',
      yFormat: 'SMART_NUMBER',
    });
    expect(histogramPlugin.transformProps({ formData: { ...formData, groupby: [], normalize: true }, queriesData: [result([{ '0.0 - 1.0': 0.25, '1.0 - 2.0': 0.75 }])], width: 1, height: 1 }).series).toEqual([{ name: 'quantity_ordered', color: '#1FA8C9', values: [0.25, 0.75] }]);
  });
  it('render: one bar per series and bin, legend toggles', async () => {
    const { el, chart, redrawn } = await mount(histogramPlugin, histogramPlugin.transformProps({ formData, queriesData: [server], width: 600, height: 300 }));
    expect(el.querySelector('svg[role=img]')?.getAttribute('aria-label')).toBe('Histogram of quantity_ordered by deal_size: 3 bins, 2 series');
    expect(el.querySelectorAll('rect.bi-bar').length).toBe(6);
    expect([...el.querySelectorAll('.bi-axis-category text')].map((t) => t.textContent)).toEqual(['6 - 27', '27 - 48', '48 - 69']);
    el.querySelector<HTMLButtonElement>('.bi-legend button')!.click();
    expect(el.querySelectorAll('rect.bi-bar').length).toBe(3);
    const again = redrawn();
    chart.resize(300, 200);
    await again;
    expect(el.querySelector('svg')?.getAttribute('width')).toBe('300');
    chart.destroy();
  });

  it('buildQuery: FCC New Coder Survey/Age_distribution_of_respondents.yaml keeps its legacy link_length as the bin count', () => {
    const age = { adhoc_filters: [], column: 'age', color_scheme: 'supersetColors', datasource: '42__table', groupby: [], label_colors: {}, link_length: '25', row_limit: 10000, slice_id: 1380, url_params: {}, viz_type: 'histogram_v2', x_axis_title: 'age', y_axis_title: 'count' };
    const [q] = histogramPlugin.buildQuery(age as never).queries;
    expect([q.columns, q.row_limit, q.metrics]).toEqual([['age'], 10000, undefined]);
    expect(q.post_processing).toEqual([{ operation: 'histogram', options: { column: 'age', groupby: [], bins: 25, cumulative: undefined, normalize: undefined } }]);
    // A saved bins wins; neither means the incumbent's default of 5.
    expect(histogramPlugin.buildQuery({ ...age, bins: 8 } as never).queries[0].post_processing?.[0]?.options).toMatchObject({ bins: 8 });
    expect(histogramPlugin.buildQuery({ ...age, link_length: undefined } as never).queries[0].post_processing?.[0]?.options).toMatchObject({ bins: 5 });
  });
});
