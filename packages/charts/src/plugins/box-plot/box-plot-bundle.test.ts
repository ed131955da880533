import { describe, expect, it } from 'vitest';
import { result } from '../svg-common/test-support';
import { boxPlotPlugin } from './index';

// FCC New Coder Survey/Degrees_vs_Income.yaml: an older save with no 'Distribute across' column (metric trimmed).
const degrees = {
  adhoc_filters: [
    { clause: 'WHERE', comparator: '1', expressionType: 'SIMPLE', operator: '==', subject: 'is_software_dev' },
    { clause: 'WHERE', comparator: '200000', expressionType: 'SIMPLE', operator: '<=', subject: 'last_yr_income' },
  ],
  color_scheme: 'supersetColors', columns: [], datasource: '42__table', granularity_sqla: 'time_start', groupby: ['school_degree'],
  metrics: [{ aggregate: 'SUM', column: { column_name: 'last_yr_income' }, expressionType: 'SIMPLE', hasCustomLabel: false, label: 'SUM(last_yr_income)', sqlExpression: null }],
  number_format: 'SMART_NUMBER', slice_id: 1376, time_grain_sqla: null, time_range: 'No filter', viz_type: 'box_plot', whiskerOptions: 'Tukey',
};

describe('box plot: the incumbent example bundle', () => {
  it('an empty Distribute across still queries and draws (the bundle dashboard shows it), one box per degree', () => {
    const [q] = boxPlotPlugin.buildQuery(degrees as never).queries;
    // The legacy time column distributes the values, as the incumbent's legacy box plot did.
    expect(q.columns).toEqual(['time_start', 'school_degree']);
    expect(q.post_processing).toEqual([{ operation: 'boxplot', options: { whisker_type: 'tukey', groupby: ['school_degree'], metrics: ['SUM(last_yr_income)'] } }]);
    const stats = (median: number) => ({ 'SUM(last_yr_income)__min': median - 1, 'SUM(last_yr_income)__q1': median, 'SUM(last_yr_income)__median': median, 'SUM(last_yr_income)__q3': median, 'SUM(last_yr_income)__max': median + 1, 'SUM(last_yr_income)__mean': median, 'SUM(last_yr_income)__count': 1, 'SUM(last_yr_income)__outliers': [] });
    const p = boxPlotPlugin.transformProps({ formData: degrees as never, queriesData: [result([{ school_degree: "bachelor's degree", ...stats(60000) }, { school_degree: 'high school diploma', ...stats(40000) }])], width: 500, height: 300 });
    expect(p.boxes.map((b) => [b.name, b.median])).toEqual([["bachelor's degree", 60000], ['high school diploma', 40000]]);
  });
});
