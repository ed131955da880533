import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { mount, result } from '../svg-common/test-support';
import { periodStart } from './freq';
import { timePivotPlugin } from './index';
import { pivotByPeriod } from './pivot';
import { periodColor } from './transform-props';

// The incumbent's legacy time_pivot form data (its control panel's names and defaults).
const formData: QueryFormData = {
  datasource: '2__table', viz_type: 'time_pivot', granularity_sqla: 'order_date', time_grain_sqla: 'P1D', time_range: 'No filter',
  metric: 'sum__revenue', adhoc_filters: [], freq: 'W-MON', min_periods: '', show_legend: true, line_interpolation: 'linear',
  color_picker: { r: 0, g: 122, b: 135, a: 1 }, x_axis_label: '', bottom_margin: 'auto', x_axis_showminmax: false, x_axis_format: 'smart_date',
  y_axis_label: '', left_margin: 'auto', y_axis_showminmax: false, y_log_scale: false, y_axis_format: 'SMART_NUMBER', y_axis_bounds: [null, null],
  extra_form_data: {}, dashboards: [],
};
const day = (d: number) => Date.UTC(2024, 2, d);
// Mon 4 March .. Wed 20 March 2024: the weeks of the 4th, the 11th and the 18th (three days).
const rows = Array.from({ length: 17 }, (_, i) => ({ __timestamp: day(4 + i), sum__revenue: 100 + i * 10 }));
const server = result(rows, ['__timestamp', 'sum__revenue']);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 600, height: 300 });

describe('periodStart', () => {
  it('rolls an instant back to the start of its period, at midnight', () => {
    expect(periodStart('W-MON')(day(7) + 5 * 3600_000)).toBe(day(4));
    expect(periodStart('W-MON')(day(4) + 12 * 3600_000)).toBe(day(4));
    expect(periodStart('W-SUN')(day(7))).toBe(day(3));
    expect(periodStart('W')(day(7))).toBe(day(3));
    // As pandas' rollback: the multiple does not move the anchor.
    expect(periodStart('52W-MON')(day(7))).toBe(day(4));
    expect(periodStart('4W-MON')(day(7))).toBe(day(4));
    expect(periodStart('AS')(day(7))).toBe(Date.UTC(2024, 0, 1));
    expect(periodStart('MS')(day(7))).toBe(Date.UTC(2024, 2, 1));
    expect(periodStart('D')(day(7) + 3600_000)).toBe(day(7));
  });
  it('names a frequency it does not know', () => {
    expect(() => periodStart('Q-DEC')).toThrow('Frequency is not valid: Q-DEC');
    expect(() => periodStart('0W-MON')).toThrow('Frequency is not valid: 0W-MON');
  });
});

describe('pivotByPeriod', () => {
  it('ranks periods from the latest and shifts each onto the latest period', () => {
    const series = pivotByPeriod([day(4), day(5), day(11), day(12), day(18)], [1, 2, 3, 4, 5], periodStart('W-MON'), 0);
    expect(series.map((s) => [s.key, s.rank])).toEqual([['current', 0], ['-1', 1], ['-2', 2]]);
    expect(series.map((s) => s.perc)).toEqual([1, expect.closeTo(2 / 3, 12), expect.closeTo(1 / 3, 12)]);
    expect(series[2].points).toEqual([{ x: day(18), t: day(4), y: 1 }, { x: day(19), t: day(5), y: 2 }]);
    expect(series[0].points).toEqual([{ x: day(18), t: day(18), y: 5 }]);
  });
  it('min_periods leaves out the first time steps', () => {
    const series = pivotByPeriod([day(4), day(5), day(11), day(12)], [1, 2, 3, 4], periodStart('W-MON'), 2);
    expect(series.map((s) => s.key)).toEqual(['current']);
    expect(series[0].points.map((pt) => pt.y)).toEqual([3, 4]);
  });
});

describe('time_pivot', () => {
  it('buildQuery: the one metric as a legacy time series, no grouping', () => {
    const [query] = timePivotPlugin.buildQuery(formData).queries;
    expect(query).toMatchObject({ is_timeseries: true, granularity: 'order_date', columns: [], metrics: ['sum__revenue'], extras: { time_grain_sqla: 'P1D' } });
  });
  it('buildQuery and transformProps: missing metric, unknown column, bad frequency or line style are named errors', () => {
    expect(() => timePivotPlugin.buildQuery({ ...formData, metric: undefined })).toThrow('Metric cannot be empty');
    expect(() => timePivotPlugin.buildQuery({ ...formData, freq: 'fortnightly' })).toThrow('Frequency is not valid: fortnightly');
    expect(() => timePivotPlugin.transformProps(input({ ...formData, metric: '' }))).toThrow('Metric cannot be empty');
    expect(() => timePivotPlugin.transformProps(input({ ...formData, metric: 'count' }))).toThrow('Column "count" is not in the query result');
    expect(() => timePivotPlugin.transformProps(input({ ...formData, line_interpolation: 'wavy' }))).toThrow('Line style is not valid: wavy');
  });
  it('periodColor: the current period opaque, older ones at half their recency', () => {
    expect(periodColor({ rank: 0, perc: 1 }, '#007a87')).toBe('rgba(0, 122, 135, 1)');
    expect(periodColor({ rank: 2, perc: 0.5 }, '#007a87')).toBe('rgba(0, 122, 135, 0.25)');
    expect(periodColor({ rank: 1, perc: 0.5 }, 'rgb(10, 20, 30)')).toBe('rgba(10, 20, 30, 0.25)');
  });
  it('transformProps: a line per week over the latest week, faded with age, formatted values', () => {
    const props = timePivotPlugin.transformProps(input());
    expect(props.series.map((s) => s.name)).toEqual(['current', '-1', '-2']);
    expect(props.series.map((s) => s.periodLabel)).toEqual(['Mon Mar 18, 2024', 'Mon Mar 11, 2024', 'Mon Mar 04, 2024']);
    expect(props.series.map((s) => s.color)).toEqual(['rgba(0, 122, 135, 1)', 'rgba(0, 122, 135, 0.3333)', 'rgba(0, 122, 135, 0.1667)']);
    expect(props.series[2].points[0]).toEqual({ x: day(18), t: day(4), y: 100 });
    expect(props.series[0].formatted).toEqual(['240', '250', '260']);
    expect(props.steps).toEqual([18, 19, 20, 21, 22, 23, 24].map(day));
    // Fitted to the data (100 .. 260), not from zero.
    expect(props.yDomain).toEqual([100, 300]);
    expect(props.ariaLabel).toBe('Line chart of sum__revenue per period (W-MON), 3 periods overlaid on the latest, from Mon Mar 04, 2024 to Mon Mar 18, 2024');
    // Bounds replace an end of the y range; a cleared colour picker takes the scheme's colours.
    const schemed = timePivotPlugin.transformProps(input({ ...formData, color_picker: null, y_axis_bounds: [50, null], min_periods: '7' }));
    expect(schemed.series.map((s) => s.color)).toEqual(['#1FA8C9', '#454E7C']);
    expect(schemed.yDomain).toEqual([50, 260]);
  });
  it('transformProps: the picked colour is lifted on a dark surface', () => {
    const dark = timePivotPlugin.transformProps({ ...input(), surface: 'rgb(34, 39, 46)' });
    expect(dark.series[0].color).not.toBe('rgba(0, 122, 135, 1)');
    expect(dark.series[0].color).toMatch(/^rgba\(\d+, \d+, \d+, 1\)$/);
  });
  it('render: a line per period, the legend toggles them, the keyboard reads the values', async () => {
    const { el, chart } = await mount(timePivotPlugin, timePivotPlugin.transformProps(input()));
    const paths = [...el.querySelectorAll<SVGPathElement>('path.bi-time-pivot-line')];
    expect(paths.map((path) => path.dataset.series)).toEqual(['2', '1', '0']);
    expect(paths.every((path) => /^M[\d.]+,[\d.]+/.test(path.getAttribute('d') ?? ''))).toBe(true);
    expect(el.querySelectorAll('.bi-time-pivot-tick').length).toBeGreaterThan(1);
    const legend = [...el.querySelectorAll<HTMLButtonElement>('.bi-legend button')];
    expect(legend.map((b) => b.textContent)).toEqual(['current', '-1', '-2']);
    legend[2].click();
    expect(el.querySelector<SVGPathElement>('path[data-series="2"]')?.style.display).toBe('none');
    const focus = el.querySelector<SVGGElement>('g.bi-time-pivot-focus')!;
    expect(focus.getAttribute('tabindex')).toBe('0');
    focus.dispatchEvent(new FocusEvent('focus'));
    // The latest step (Sunday 24th) has only the two older weeks; the hidden one is left out.
    expect(el.querySelector('.bi-tooltip')?.textContent).toBe('sum__revenue · Sun Mar 24, 2024-1 (Sun Mar 17, 2024): 230');
    focus.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home' }));
    expect(focus.getAttribute('aria-label')).toBe('Mon Mar 18, 2024: current (Mon Mar 18, 2024) 240, -1 (Mon Mar 11, 2024) 170');
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(timePivotPlugin, timePivotPlugin.transformProps(input(formData, result([], ['__timestamp', 'sum__revenue']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
