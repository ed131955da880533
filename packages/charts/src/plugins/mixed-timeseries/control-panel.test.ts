import { describe, expect, it } from 'vitest';
import { getControlDefaults } from '../../controls/validators';
import { mixedTimeseriesControlPanel } from './control-panel';

const names = (label: string) =>
  mixedTimeseriesControlPanel.sections.find((s) => s.label === label)!.controlSetRows.flat().map((c) => c.name);

describe('mixed chart control panel', () => {
  it('shows the shared fields, then Query A and Query B with their own analytics', () => {
    expect(mixedTimeseriesControlPanel.sections.map((s) => s.label)).toEqual([
      'Shared query fields', 'Query A', 'Advanced analytics Query A', 'Query B', 'Advanced analytics Query B', 'Annotations and layers', 'Chart options',
    ]);
    expect(names('Shared query fields')).toEqual(['x_axis', 'time_grain_sqla']);
    expect(names('Query A')).toEqual(['metrics', 'groupby', 'adhoc_filters', 'series_limit', 'series_limit_metric', 'row_limit', 'order_desc', 'truncate_metric']);
    expect(names('Query B')).toEqual(['metrics_b', 'groupby_b', 'adhoc_filters_b', 'series_limit_b', 'series_limit_metric_b', 'row_limit_b', 'order_desc_b', 'truncate_metric_b']);
    expect(names('Advanced analytics Query B')).toContain('rolling_type_b');
  });

  it("validates both queries' metrics", () => {
    const metricsB = mixedTimeseriesControlPanel.sections[3].controlSetRows[0][0];
    expect(metricsB.config.validators).toEqual(['nonEmpty']);
  });

  it("shows query B's rolling periods by query B's rolling function", () => {
    const periodsB = mixedTimeseriesControlPanel.sections[4].controlSetRows.flat().find((c) => c.name === 'rolling_periods_b')!;
    const formData = { datasource: '1__table', viz_type: 'mixed_timeseries' };
    expect(periodsB.config.visibility!({ ...formData, rolling_type: 'mean' })).toBe(false);
    expect(periodsB.config.visibility!({ ...formData, rolling_type_b: 'mean' })).toBe(true);
  });

  it("defaults each query's look as the incumbent does: lines on the primary axis", () => {
    expect(getControlDefaults(mixedTimeseriesControlPanel)).toMatchObject({
      seriesType: 'line', seriesTypeB: 'line', yAxisIndex: 0, yAxisIndexB: 0, opacity: 0.2, opacityB: 0.2, markerSize: 6, stackB: false, y_axis_format_secondary: 'SMART_NUMBER',
    });
  });
});
