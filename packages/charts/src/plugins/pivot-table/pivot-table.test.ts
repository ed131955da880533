import { describe, expect, it } from 'vitest';
import { RENDERED_EVENT } from '../../shared/mount';
import { NO_FILTER } from '../svg-common/test-support';
import { getAggregateFunction } from './aggregators';
import { pivotTablePlugin } from './index';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const sales = { expressionType: 'SIMPLE' as const, column: { column_name: 'sales' }, aggregate: 'SUM' as const, label: 'SUM(sales)', hasCustomLabel: false };
// The params of Featured Charts/Pivot_Table.yaml (metric trimmed to the fields that matter).
const formData = {
  datasource: '22__table', viz_type: 'pivot_table_v2', groupbyColumns: ['product_line'], groupbyRows: ['country', 'city'],
  time_grain_sqla: 'P1D', temporal_columns_lookup: { order_date: true }, metrics: [sales], metricsLayout: 'COLUMNS',
  adhoc_filters: NO_FILTER,
  row_limit: 10000, order_desc: true, aggregateFunction: 'Sum', valueFormat: 'SMART_NUMBER', date_format: 'smart_date',
  rowOrder: 'key_a_to_z', colOrder: 'key_a_to_z', extra_form_data: {},
};
const data = [
  { product_line: 'Cars', country: 'France', city: 'Paris', 'SUM(sales)': 100 },
  { product_line: 'Ships', country: 'France', city: 'Paris', 'SUM(sales)': 50 },
  { product_line: 'Cars', country: 'France', city: 'Lyon', 'SUM(sales)': 30 },
  { product_line: 'Cars', country: 'USA', city: 'NYC', 'SUM(sales)': 200 },
  { product_line: 'Ships', country: 'USA', city: 'NYC', 'SUM(sales)': 20 },
];
const result = { ...meta, colnames: ['product_line', 'country', 'city', 'SUM(sales)'], coltypes: [1, 1, 1, 0], data, rowcount: data.length };
const transform = (fd: Record<string, unknown>) => pivotTablePlugin.transformProps({ formData: { ...formData, ...fd }, queriesData: [result], width: 600, height: 300 });

describe('pivot_table_v2 buildQuery', () => {
  it('groups by columns then rows and orders by the first metric', () => {
    expect(pivotTablePlugin.buildQuery(formData).queries).toEqual([
      {
        applied_time_extras: {},
        filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'No filter' }],
        extras: { having: '', where: '', time_grain_sqla: 'P1D' },
        columns: ['product_line', 'country', 'city'],
        metrics: [sales],
        orderby: [[sales, false]],
        annotation_layers: [],
        row_limit: 10000,
        series_limit: 0,
        order_desc: true,
        url_params: {},
        custom_params: {},
        custom_form_data: {},
      },
    ]);
  });
  it('truncates temporal dimensions to the time grain and dedupes', () => {
    const q = pivotTablePlugin.buildQuery({ ...formData, groupbyColumns: ['order_date'], groupbyRows: ['country', 'order_date'], series_limit_metric: 'count', order_desc: false }).queries[0];
    expect(q.columns).toEqual([{ timeGrain: 'P1D', columnType: 'BASE_AXIS', sqlExpression: 'order_date', label: 'order_date', expressionType: 'SQL' }, 'country']);
    expect(q.orderby).toEqual([['count', true]]);
  });
});

describe('pivot_table_v2 transformProps', () => {
  it('lays out header levels, row groups, subtotals and totals', () => {
    const p = transform({ rowTotals: true, colTotals: true, rowSubTotals: true });
    expect(p.headerRows).toEqual([
      [{ label: 'Metric', colSpan: 2, rowSpan: 1, kind: 'corner' }, { label: 'SUM(sales)', colSpan: 2, rowSpan: 1, kind: 'key' }, { label: 'Total (Sum)', colSpan: 1, rowSpan: 2, kind: 'total' }],
      [{ label: 'product_line', colSpan: 2, rowSpan: 1, kind: 'corner' }, { label: 'Cars', colSpan: 1, rowSpan: 1, kind: 'key' }, { label: 'Ships', colSpan: 1, rowSpan: 1, kind: 'key' }],
      [{ label: 'country', colSpan: 1, rowSpan: 1, kind: 'attr' }, { label: 'city', colSpan: 1, rowSpan: 1, kind: 'attr' }, { label: '', colSpan: 3, rowSpan: 1, kind: 'empty' }],
    ]);
    expect(p.body.map((r) => [r.kind, r.headers.map((h) => `${h.label}/${h.rowSpan}x${h.colSpan}`), r.cells.map((c) => c.text)])).toEqual([
      ['data', ['France/3x1', 'Lyon/1x1'], ['30', '', '30']],
      ['data', ['Paris/1x1'], ['100', '50', '150']],
      ['subtotal', ['Subtotal/1x1'], ['130', '50', '180']],
      ['data', ['USA/2x1', 'NYC/1x1'], ['200', '20', '220']],
      ['subtotal', ['Subtotal/1x1'], ['200', '20', '220']],
      ['total', ['Total (Sum)/1x2'], ['330', '70', '400']],
    ]);
    expect(p.ariaLabel).toBe('Pivot table of SUM(sales) (Sum) by country, city and Metric, product_line: 3 rows');
  });
  it('metrics on rows, transposed, value order and fraction aggregates', () => {
    const p = transform({ metricsLayout: 'ROWS', transposePivot: true, rowOrder: 'value_z_to_a', aggregateFunction: 'Sum as Fraction of Total' });
    // Transposed: product lines are rows (after the metric level), countries and cities are columns.
    expect(p.body.map((r) => [r.headers.map((h) => h.label), r.cells.map((c) => c.text)])).toEqual([
      [['SUM(sales)', 'Cars'], ['7.5%', '25.0%', '50.0%']],
      [['Ships'], ['', '12.5%', '5.0%']],
    ]);
    expect(p.headerRows[0].map((c) => c.label)).toEqual(['country', 'France', 'USA']);
    expect(p.headerRows[1].map((c) => c.label)).toEqual(['city', 'Lyon', 'Paris', 'NYC']);
  });
  it('aggregators', () => {
    const run = (name: string, values: unknown[]) => {
      const a = getAggregateFunction(name).create();
      values.forEach((v) => a.push(v));
      return a.value();
    };
    expect(run('Median', [5, 1, 3, 2])).toBe(2.5);
    expect(run('Sample Variance', [1, 2, 3, 4])).toBeCloseTo(1.6667, 4);
    expect(run('Count Unique Values', ['a', 'b', 'a', null])).toBe(2);
    expect(run('List Unique Values', ['a', 'b', 'a'])).toBe('a, b');
    expect(run('Average', [])).toBeNull();
    expect(run('Last', [1, 2, 3])).toBe(3);
  });
});

describe('pivot_table_v2 render', () => {
  it('renders table semantics and caps rows', async () => {
    const el = document.createElement('div');
    const done = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
    const chart = pivotTablePlugin.render(el, transform({ rowTotals: true, colTotals: true, rowSubTotals: true }));
    await done;
    expect(el.querySelectorAll('thead tr').length).toBe(3);
    expect(el.querySelectorAll('tbody tr').length).toBe(6);
    expect(el.querySelector('th[scope=rowgroup]')?.getAttribute('rowspan')).toBe('3');
    expect(el.querySelector('th[scope=colgroup]')?.textContent).toBe('SUM(sales)');
    expect([...el.querySelectorAll('tbody tr.bi-total td')].map((td) => td.textContent)).toEqual(['330', '70', '400']);
    const again = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
    chart.update({ ...transform({ rowSubTotals: true }), maxRenderedRows: 2 });
    await again;
    expect(el.querySelectorAll('tbody tr').length).toBe(2);
    expect(el.querySelector('[role=status]')?.textContent).toBe('Showing the first 2 of 5 rows.');
    chart.resize(500, 200);
    chart.destroy();
    expect(el.children.length).toBe(0);
  });
});
