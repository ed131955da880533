import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { getControlDefaults } from '../../controls/validators';
import { lineChartPlugin } from '../timeseries/index';
import { genericTimeseriesControlPanel } from './control-panel';
import { genericTimeseriesPlugin } from './index';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const jan = Date.UTC(2003, 0, 1);
const result: ChartDataResponseResult = { ...meta, colnames: ['order_date', 'Ships', 'Trains'], coltypes: [2, 0, 0], rowcount: 2, columns: [[jan, jan + 1], [4, 5], [1, 2]] };
/** The incumbent's generic time-series form data (echarts_timeseries), over the example's vehicle sales. */
const fd = {
  datasource: '22__table', viz_type: 'echarts_timeseries', x_axis: 'order_date', time_grain_sqla: 'P1M', metrics: ['count'], groupby: ['product_line'],
  row_limit: 10000, truncate_metric: true, seriesType: 'line', area: false, stack: false, opacity: 0.2, markerSize: 6, y_axis_format: 'SMART_NUMBER',
} as QueryFormData;
const props = (overrides: Partial<QueryFormData>) => genericTimeseriesPlugin.transformProps({ formData: { ...fd, ...overrides }, queriesData: [result], width: 600, height: 300 });

describe('generic time-series chart (echarts_timeseries)', () => {
  it('draws its series the way seriesType and area ask', () => {
    expect(props({}).kind).toBe('line');
    expect(props({ seriesType: 'bar' }).kind).toBe('bar');
    expect(props({ seriesType: 'scatter' }).kind).toBe('scatter');
    expect(props({ seriesType: 'smooth' }).kind).toBe('smooth');
    expect(props({ seriesType: 'end' }).kind).toBe('step');
    expect(props({ area: true }).kind).toBe('area');
    // Bars and points have no area to fill.
    expect(props({ seriesType: 'bar', area: true }).kind).toBe('bar');
  });

  it('stacks bars and areas when asked; the opacity fills areas only (bars stay opaque)', () => {
    const p = props({ seriesType: 'bar', stack: 'Stack' });
    expect(p.stack).toBe(true);
    expect(p.opacity).toBe(1);
    expect(props({ area: true, stack: 'Stack' }).opacity).toBe(0.2);
    expect(p.data.slice(1)).toEqual([Float64Array.from([4, 5]), Float64Array.from([5, 7])]);
  });

  it("sends the line chart's query (the same time-series pipeline)", () => {
    expect(genericTimeseriesPlugin.buildQuery(fd).queries).toEqual(lineChartPlugin.buildQuery({ ...fd, viz_type: 'echarts_timeseries_line' }).queries);
  });

  it('shows the series style and its look in Explore, with the incumbent defaults', () => {
    const defaults = getControlDefaults(genericTimeseriesControlPanel);
    expect(defaults).toMatchObject({ seriesType: 'line', area: false, opacity: 0.2, markerSize: 6 });
    expect(genericTimeseriesControlPanel.sections.map((s) => s.label)).toEqual(['Query', 'Advanced analytics', 'Annotations and layers', 'Chart options']);
  });
});
