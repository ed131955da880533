import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_THEME } from '../../types';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { gaugePlugin } from './index';
import { gaugeArc } from './render';

// Featured Charts/Gauge.yaml
const formData = { datasource: '22__table', viz_type: 'gauge_chart', groupby: ['deal_size'], metric: 'count', adhoc_filters: NO_FILTER, row_limit: 10, start_angle: 225, end_angle: -45, color_scheme: 'supersetColors', font_size: 13, number_format: 'SMART_NUMBER', value_formatter: '{value}', show_pointer: true, animation: true, show_axis_tick: false, show_split_line: false, split_number: 10, show_progress: true, overlap: true, round_cap: false, extra_form_data: {} };
const server = result([{ deal_size: 'Medium', count: 1384 }, { deal_size: 'Small', count: 1282 }, { deal_size: 'Large', count: 157 }]);

describe('gauge_chart', () => {
  it('buildQuery: the base aggregate query', () => {
    expect(gaugePlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['deal_size'], metrics: ['count'], row_limit: 10 }]);
  });
  it('transformProps: min/max, fractions, intervals, ticks', () => {
    const p = gaugePlugin.transformProps({ formData: { ...formData, min_val: 0, max_val: 2000, split_number: 4, intervals: '500,1500', interval_color_indices: '6,3' }, queriesData: [server], width: 300, height: 300 });
    expect(p).toEqual({
      width: 300,
      height: 300,
      theme: DEFAULT_CHART_THEME,
      gate: { rowcount: 3, rowState: 'ok', blocked: false },
      ariaLabel: 'Gauge of count from 0 to 2k: Medium 1.38k, Small 1.28k, Large 157',
      min: 0,
      max: 2000,
      startAngle: 225,
      endAngle: -45,
      values: [
        { name: 'Medium', value: 1384, fraction: 0.692, color: '#1FA8C9', formatted: '1.38k' },
        { name: 'Small', value: 1282, fraction: 0.641, color: '#454E7C', formatted: '1.28k' },
        { name: 'Large', value: 157, fraction: 0.0785, color: '#5AC189', formatted: '157' },
      ],
      intervals: [{ from: 0, to: 0.25, color: '#E04355' }, { from: 0.25, to: 0.75, color: '#5AC189' }],
      ticks: [{ fraction: 0, label: '0' }, { fraction: 0.25, label: '500' }, { fraction: 0.5, label: '1k' }, { fraction: 0.75, label: '1.5k' }, { fraction: 1, label: '2k' }],
      showPointer: true,
      showProgress: true,
      overlap: true,
      roundCap: false,
      fontSize: 13,
    });
    // Unset bounds: twice the extremes (and 0), as the incumbent does.
    const auto = gaugePlugin.transformProps({ formData, queriesData: [server], width: 300, height: 300 });
    expect([auto.min, auto.max, auto.values[0].fraction]).toEqual([0, 2768, 0.5]);
  });
  it('arcs follow the incumbent angle convention', () => {
    expect(gaugeArc(50, 50, 40, 180, 0)).toBe('M10.00,50.00 A40,40 0 0 1 90.00,50.00');
  });
  it('render: axis, intervals, progress arcs and pointers', async () => {
    const { el, chart } = await mount(gaugePlugin, gaugePlugin.transformProps({ formData: { ...formData, intervals: '500,1500', interval_color_indices: '1,2' }, queriesData: [server], width: 300, height: 300 }));
    expect(el.querySelectorAll('path.bi-gauge-interval').length).toBe(2);
    expect(el.querySelectorAll('path.bi-gauge-progress').length).toBe(3);
    expect(el.querySelectorAll('line.bi-gauge-pointer').length).toBe(3);
    expect([...el.querySelectorAll('text.bi-gauge-value')].map((t) => t.textContent)).toEqual(['Medium: 1.38k', 'Small: 1.28k', 'Large: 157']);
    chart.destroy();
  });
});
