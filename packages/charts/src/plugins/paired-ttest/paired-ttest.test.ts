import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { NO_FILTER, mount, result } from '../svg-common/test-support';
import { compareRows } from './compare-rows';
import { pairedTTestPlugin } from './index';
import { liftPercent, pairedTTestPValue } from './paired-t-test';
import { logGamma, regularizedIncompleteBeta, studentTCdf } from './student-t';

// The incumbent's legacy paired_ttest form data (its control panel's names and defaults).
const formData: QueryFormData = {
  datasource: '2__table', viz_type: 'paired_ttest', granularity_sqla: 'order_date', time_grain_sqla: 'P1M', time_range: 'No filter',
  metrics: ['count', 'sum__revenue'], adhoc_filters: NO_FILTER, groupby: ['deal_size'], limit: 25, timeseries_limit_metric: null, order_desc: true,
  contribution: false, row_limit: 10000, significance_level: 0.05, pvalue_precision: 6, liftvalue_precision: 4, extra_form_data: {}, dashboards: [],
};
const jan = Date.UTC(2024, 0, 1);
const feb = Date.UTC(2024, 1, 1);
const mar = Date.UTC(2024, 2, 1);
const apr = Date.UTC(2024, 3, 1);
// Small: 1, 2, 3, 4; Large: 2, 4, 6, 9 (count); Medium lacks March.
const server = result([
  { __timestamp: jan, deal_size: 'Small', count: 1, sum__revenue: 10 }, { __timestamp: jan, deal_size: 'Large', count: 2, sum__revenue: 30 }, { __timestamp: jan, deal_size: 'Medium', count: 1, sum__revenue: 10 },
  { __timestamp: feb, deal_size: 'Small', count: 2, sum__revenue: 10 }, { __timestamp: feb, deal_size: 'Large', count: 4, sum__revenue: 30 }, { __timestamp: feb, deal_size: 'Medium', count: 2, sum__revenue: 10 },
  { __timestamp: mar, deal_size: 'Small', count: 3, sum__revenue: 10 }, { __timestamp: mar, deal_size: 'Large', count: 6, sum__revenue: 30 },
  { __timestamp: apr, deal_size: 'Small', count: 4, sum__revenue: 10 }, { __timestamp: apr, deal_size: 'Large', count: 9, sum__revenue: 30 }, { __timestamp: apr, deal_size: 'Medium', count: 5, sum__revenue: 10 },
]);
const input = (fd: QueryFormData = formData, data = server) => ({ formData: fd, queriesData: [data], width: 600, height: 400 });

describe('Student t distribution', () => {
  it('logGamma: factorials and Γ(1/2) = √π', () => {
    expect(Math.exp(logGamma(5))).toBeCloseTo(24, 10);
    expect(Math.exp(logGamma(11))).toBeCloseTo(3628800, 4);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });
  it('regularizedIncompleteBeta: closed forms and a reference value', () => {
    expect(regularizedIncompleteBeta(0.5, 2, 3)).toBeCloseTo(11 / 16, 12);
    expect(regularizedIncompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    // I_x(2, 2) = 3x² − 2x³.
    expect(regularizedIncompleteBeta(0.4, 2, 2)).toBeCloseTo(0.352, 12);
    // scipy.stats.beta.cdf(0.3, 0.5, 7.5)
    expect(regularizedIncompleteBeta(0.3, 0.5, 7.5)).toBeCloseTo(0.977153386842316, 10);
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
    expect(regularizedIncompleteBeta(0.5, 0, 3)).toBeNaN();
  });
  it('studentTCdf: known values of the distribution', () => {
    expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 12); // Cauchy
    expect(studentTCdf(1, 2)).toBeCloseTo(0.7886751345948129, 12); // 1/2 + t / (2√(2 + t²))
    expect(studentTCdf(0, 7)).toBeCloseTo(0.5, 12);
    // The 97.5% quantile of t(10) is 2.228138852.
    expect(2 * studentTCdf(-2.228138852, 10)).toBeCloseTo(0.05, 9);
    // scipy.stats.t.cdf(0.5, 30) and t.cdf(-40, 3)
    expect(studentTCdf(0.5, 30)).toBeCloseTo(0.6896384975574363, 10);
    expect(studentTCdf(-40, 3) / 1.7190340394579253e-5).toBeCloseTo(1, 8);
  });
});

describe('paired t-test', () => {
  it('pairedTTestPValue: the two-sided p-value of the paired differences (scipy.stats.ttest_rel)', () => {
    expect(pairedTTestPValue([2, 4, 6, 9], [1, 2, 3, 4])).toBeCloseTo(0.04856685655980102, 10);
    // Order does not change a two-sided test.
    expect(pairedTTestPValue([1, 2, 3, 4], [2, 4, 6, 9])).toBeCloseTo(0.04856685655980102, 10);
    // A missing value drops its pair: Medium [1, 2, null, 5] against Small [1, 2, 3, 4] has pairs (1,1), (2,2), (5,4).
    expect(pairedTTestPValue([1, 2, null, 5], [1, 2, 3, 4])).toBeCloseTo(0.42264973081037427, 10);
    // A constant difference has no variance and one pair no degrees of freedom: undefined.
    expect(pairedTTestPValue([2, 3, 4], [1, 2, 3])).toBeNaN();
    expect(pairedTTestPValue([2], [1])).toBeNaN();
  });
  it('liftPercent: the change of the total against the control total', () => {
    expect(liftPercent([2, 4, 6, 9], [1, 2, 3, 4])).toBeCloseTo(110, 10);
    expect(liftPercent([1, null], [2, 2])).toBeCloseTo(-75, 10);
    expect(liftPercent([1, 2], [0, 0])).toBeNaN();
  });
  it('compareRows: formatted with the precisions, significant at the level, the control row marked', () => {
    const rows = compareRows({ metric: 'count', groups: [['Large'], ['Medium'], ['Small']], series: [[2, 4, 6, 9], [1, 2, null, 5], [1, 2, 3, 4]] }, 2, { alpha: 0.05, pValuePrecision: 6, liftPrecision: 4 });
    expect(rows).toEqual([
      { pValue: '0.048567', lift: '110.0000', liftStatus: 'up', significant: true },
      { pValue: '0.422650', lift: '-20.0000', liftStatus: 'down', significant: false },
      { pValue: 'control', lift: 'control', liftStatus: 'control', significant: 'control' },
    ]);
    expect(compareRows({ metric: 'm', groups: [['a'], ['b']], series: [[0, 0], [1, 1]] }, 0, { alpha: 0.05, pValuePrecision: 2, liftPrecision: 2 })[1])
      .toEqual({ pValue: 'N/A', lift: 'N/A', liftStatus: 'invalid', significant: false });
  });
});

describe('paired_ttest', () => {
  it('buildQuery: the legacy time-series query of the metrics per group', () => {
    const [query] = pairedTTestPlugin.buildQuery(formData).queries;
    expect(query).toMatchObject({ is_timeseries: true, granularity: 'order_date', columns: ['deal_size'], metrics: ['count', 'sum__revenue'], series_limit: 25, row_limit: 10000, extras: { time_grain_sqla: 'P1M' } });
  });
  it('buildQuery and transformProps: a missing metric, an unknown column or a bad level is a named error', () => {
    expect(() => pairedTTestPlugin.buildQuery({ ...formData, metrics: [] })).toThrow('Metrics cannot be empty');
    expect(() => pairedTTestPlugin.transformProps(input({ ...formData, metrics: undefined }))).toThrow('Metrics cannot be empty');
    expect(() => pairedTTestPlugin.transformProps(input({ ...formData, groupby: ['dropped'] }))).toThrow('Column "dropped" is not in the query result');
    expect(() => pairedTTestPlugin.transformProps(input({ ...formData, significance_level: '5%' }))).toThrow('Significance level is not valid: 5%');
    expect(() => pairedTTestPlugin.transformProps(input({ ...formData, pvalue_precision: 2.5 }))).toThrow('p-value precision is not valid: 2.5');
  });
  it('transformProps: a table per metric, groups in order, each over the shared months', () => {
    const props = pairedTTestPlugin.transformProps(input());
    expect(props.tables.map((t) => t.metric)).toEqual(['count', 'sum__revenue']);
    expect(props.tables[0].groups).toEqual([['Large'], ['Medium'], ['Small']]);
    expect(props.tables[0].series).toEqual([[2, 4, 6, 9], [1, 2, null, 5], [1, 2, 3, 4]]);
    expect(props.groupColumns).toEqual(['deal_size']);
    expect([props.alpha, props.pValuePrecision, props.liftPrecision]).toEqual([0.05, 6, 4]);
    expect(props.ariaLabel).toBe('Paired t-test of count, sum__revenue between groups of deal_size over 4 time steps');
    // Without groupby the one row is 'All'; unset parameters take the panel's defaults.
    const all = pairedTTestPlugin.transformProps(input({ ...formData, groupby: [], significance_level: undefined, pvalue_precision: '' }));
    expect(all.tables[0].groups).toEqual([['All']]);
    expect([all.alpha, all.pValuePrecision]).toEqual([0.05, 6]);
  });
  it('render: a focusable table per metric; picking another control recomputes the rows', async () => {
    const { el, chart } = await mount(pairedTTestPlugin, pairedTTestPlugin.transformProps(input()));
    const tables = [...el.querySelectorAll('table.bi-ttest')];
    expect(tables.map((t) => t.querySelector('caption')?.textContent)).toEqual(['count', 'sum__revenue']);
    expect([...tables[0].querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['deal_size', 'p-value', 'Lift %', 'Significant']);
    const cells = () => [...el.querySelectorAll('table.bi-ttest')[0].querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    // Large is the first row and the control: Small's count is a paired t-test of [1, 2, 3, 4] against [2, 4, 6, 9].
    expect(cells()).toEqual([['Large', 'control', 'control', 'control'], ['Medium', expect.any(String), expect.any(String), 'false'], ['Small', '0.048567', '-52.3810', 'true']]);
    const rows = el.querySelectorAll<HTMLTableRowElement>('table.bi-ttest tbody tr');
    expect(rows[0].getAttribute('aria-selected')).toBe('true');
    expect(rows[2].getAttribute('tabindex')).toBe('0');
    expect(rows[2].getAttribute('aria-label')).toBe('Small against Large: p-value 0.048567, lift -52.3810%, significant at 0.05');
    rows[2].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(cells()[0]).toEqual(['Large', '0.048567', '110.0000', 'true']);
    expect(cells()[2]).toEqual(['Small', 'control', 'control', 'control']);
    expect(document.activeElement?.textContent).toContain('Small');
    // The other metric keeps its own control.
    expect(el.querySelectorAll('table.bi-ttest')[1].querySelector('tbody tr')?.getAttribute('aria-selected')).toBe('true');
    chart.destroy();
  });
  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(pairedTTestPlugin, pairedTTestPlugin.transformProps(input(formData, result([], ['__timestamp', 'deal_size', 'count']))));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
