import { describe, expect, it } from 'vitest';
import { migrateLegacyFormData, savedChartFormData } from './saved-form-data';

describe('savedChartFormData', () => {
  it("takes the record's datasource, viz type and id over the params' stale copies", () => {
    const fd = savedChartFormData({ id: 61, viz_type: 'table', datasource_id: 12, datasource_type: 'table', params: '{"datasource":"3__table","slice_id":1905,"metrics":["count"]}' });
    expect(fd).toEqual({ datasource: '12__table', slice_id: 61, viz_type: 'table', metrics: ['count'] });
  });

  it('says when the saved params are not a JSON object', () => {
    expect(() => savedChartFormData({ id: 1, viz_type: 'table', params: '{oops' })).toThrow("The chart's saved form data could not be parsed");
    expect(() => savedChartFormData({ id: 1, viz_type: 'table', params: '[1]' })).toThrow('is not an object');
  });
});

describe('migrateLegacyFormData', () => {
  it("moves a legacy time series' granularity_sqla to its x-axis", () => {
    expect(migrateLegacyFormData({ datasource: '1__table', viz_type: 'big_number', granularity_sqla: 'ts' }).x_axis).toBe('ts');
    expect(migrateLegacyFormData({ datasource: '1__table', viz_type: 'echarts_timeseries_line', granularity_sqla: 'ds', x_axis: 'year' }).x_axis).toBe('year');
    // A pie has no x-axis: its granularity only scopes the time range.
    expect(migrateLegacyFormData({ datasource: '1__table', viz_type: 'pie', granularity_sqla: 'ds' }).x_axis).toBeUndefined();
  });

  it('distributes a box plot without columns over its time column, as its query does', () => {
    expect(migrateLegacyFormData({ datasource: '1__table', viz_type: 'box_plot', columns: [], granularity_sqla: 'time_start' }).columns).toEqual(['time_start']);
    expect(migrateLegacyFormData({ datasource: '1__table', viz_type: 'box_plot', columns: ['state'], granularity_sqla: 'ds' }).columns).toEqual(['state']);
  });

  it("reads the legacy histogram's all_columns_x as its column", () => {
    expect(migrateLegacyFormData({ datasource: '1__table', viz_type: 'histogram_v2', all_columns_x: ['age'] }).column).toBe('age');
  });

  it('is idempotent', () => {
    const once = migrateLegacyFormData({ datasource: '1__table', viz_type: 'big_number', granularity_sqla: 'ts' });
    expect(migrateLegacyFormData(once)).toEqual(once);
  });
});
