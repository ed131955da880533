import { describe, expect, it } from 'vitest';
import { buildQueryObject, extractQueryFields } from './build-query-object';
import type { AdhocMetric, QueryFormData } from './form-data-types';
import { applyDefaultOrderBy, normalizeOrderBy } from './normalize-order-by';
import { processFilters, simpleFilterToSql } from './process-filters';

const base: QueryFormData = { datasource: '1__table', viz_type: 'table' };
const sumNum: AdhocMetric = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' }, label: 'SUM(num)' };

describe('buildQueryObject', () => {
  it('builds the exact query object of a simple chart', () => {
    expect(
      buildQueryObject({
        ...base,
        groupby: ['country'],
        metrics: ['count', sumNum],
        adhoc_filters: [
          { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'country', operator: 'IN', comparator: ['FR', 'DE'] },
          { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last week' },
          { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 1' },
          { expressionType: 'SQL', clause: 'WHERE', sqlExpression: "name <> 'x' -- why" },
          { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(num) > 10' },
          { expressionType: 'SIMPLE', clause: 'HAVING', subject: 'COUNT(*)', operator: '>=', comparator: 2 },
        ],
        time_range: 'No filter',
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1D',
        row_limit: '100',
        row_offset: 10,
        order_desc: false,
        orderby: [['count', false]],
      }),
    ).toEqual({
      time_range: 'No filter',
      granularity: 'ds',
      applied_time_extras: {},
      filters: [
        { col: 'country', op: 'IN', val: ['FR', 'DE'] },
        { col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' },
      ],
      extras: {
        time_grain_sqla: 'P1D',
        where: "(num > 1) AND (name <> 'x' -- why\n)",
        having: '(SUM(num) > 10) AND (COUNT(*) >= 2)',
      },
      columns: ['country'],
      metrics: ['count', sumNum],
      orderby: [['count', false]],
      annotation_layers: [],
      row_limit: 100,
      row_offset: 10,
      series_limit: 0,
      order_desc: false,
      url_params: {},
      custom_params: {},
      custom_form_data: {},
    });
  });

  it('merges legacy extra filters, including reserved time columns', () => {
    const q = buildQueryObject({
      ...base,
      time_range: 'Last year',
      extra_filters: [
        { col: 'gender', op: 'IN', val: ['boy'] },
        { col: '__time_range', op: '==', val: 'Last week' },
        { col: '__time_col', op: '==', val: 'created_at' },
        { col: '__time_grain', op: '==', val: 'P1M' },
      ],
    });
    expect(q.filters).toEqual([{ col: 'gender', op: 'IN', val: ['boy'] }]);
    expect(q.time_range).toBe('Last week');
    expect(q.granularity).toBe('created_at');
    expect(q.extras).toEqual({ time_grain_sqla: 'P1M', having: '', where: '' });
    expect(q.applied_time_extras).toEqual({ __time_range: 'Last week', __time_col: 'created_at', __time_grain: 'P1M' });
  });

  it('appends extra_form_data filters and applies its overrides', () => {
    const q = buildQueryObject({
      ...base,
      granularity_sqla: 'ds',
      time_range: 'No filter',
      time_grain_sqla: 'P1D',
      adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'a', operator: '==', comparator: 1 }],
      extra_form_data: {
        filters: [{ col: 'country', op: 'IN', val: ['FR'] }],
        adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'b = 2', isExtra: true }],
        time_range: 'Last month',
        granularity_sqla: 'created_at',
        time_grain_sqla: 'P1W',
        custom_form_data: { foo: 1 },
      },
    });
    expect(q.filters).toEqual([
      { col: 'country', op: 'IN', val: ['FR'] },
      { col: 'a', op: '==', val: 1 },
    ]);
    expect(q.extras).toEqual({ time_grain_sqla: 'P1W', where: '(b = 2)', having: '' });
    expect(q.time_range).toBe('Last month');
    expect(q.granularity).toBe('created_at');
    expect(q.custom_form_data).toEqual({ foo: 1 });
  });

  it('maps spec operator names to wire operations and drops comparators of unary ones', () => {
    const q = buildQueryObject({
      ...base,
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'a', operator: 'NOT_EQUALS', comparator: 'x' },
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'b', operator: 'IS_NULL', comparator: 'ignored' },
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'c', operator: 'NOT IN', comparator: [1], isExtra: true },
      ],
    });
    expect(q.filters).toEqual([
      { col: 'a', op: '!=', val: 'x' },
      { col: 'b', op: 'IS NULL' },
      { col: 'c', op: 'NOT IN', val: [1], isExtra: true },
    ]);
  });

  it('rejects unknown operators instead of dropping the filter', () => {
    expect(() =>
      buildQueryObject({
        ...base,
        adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'a', operator: 'BETWEEN' as never, comparator: 1 }],
      }),
    ).toThrow('Invalid filter operator "BETWEEN" on "a"');
  });

  it('handles series limits, legacy aliases and annotation layers', () => {
    const layer = { name: 'goal', value: 3, show: true, showMarkers: false, annotationType: 'FORMULA' as const };
    const q = buildQueryObject({
      ...base,
      metric: 'count',
      limit: '10',
      timeseries_limit_metric: 'count',
      annotation_layers: [layer],
      url_params: { foo: 'bar' },
      apply_fetch_values_predicate: true,
    });
    expect(q.series_limit).toBe(10);
    expect(q.series_limit_metric).toBe('count');
    expect(q.annotation_layers).toEqual([layer]);
    expect(q.url_params).toEqual({ foo: 'bar' });
    expect(q.apply_fetch_values_predicate).toBe(true);
    expect(q.order_desc).toBe(true);
    expect(buildQueryObject({ ...base, series_limit: 25, series_limit_metric: sumNum }).series_limit_metric).toEqual(sumNum);
  });
});

describe('extractQueryFields', () => {
  it('collects columns and metrics from aliases, de-duplicated by label, x-axis first', () => {
    const adhocColumn = { sqlExpression: 'upper(name)', label: 'NAME', expressionType: 'SQL' as const };
    expect(
      extractQueryFields({
        groupby: ['a', adhocColumn],
        columns: ['b', 'a'],
        x_axis: 'ds',
        metrics: ['count', sumNum],
        metric: 'count',
        percent_metrics: [{ ...sumNum }],
      }),
    ).toEqual({ columns: ['ds', 'a', adhocColumn, 'b'], metrics: ['count', sumNum], orderby: undefined });
  });

  it('respects query_mode', () => {
    expect(extractQueryFields({ query_mode: 'aggregate', groupby: ['a'], columns: ['b'], metrics: ['m'] })).toEqual({
      columns: ['a'],
      metrics: ['m'],
      orderby: undefined,
    });
    expect(extractQueryFields({ query_mode: 'raw', groupby: ['a'], all_columns: ['b', 'c'], metrics: ['m'] })).toEqual({
      columns: ['b', 'c'],
      metrics: undefined,
      orderby: undefined,
    });
  });

  it('parses string orderby entries', () => {
    expect(extractQueryFields({ order_by_cols: ['["num", false]', '["name", true]'] }).orderby).toEqual([
      ['num', false],
      ['name', true],
    ]);
  });
});

describe('normalizeOrderBy', () => {
  it('accepts tuples and JSON strings', () => {
    expect(normalizeOrderBy([['a', true], '[{"expressionType":"SQL","sqlExpression":"x"}, false]'])).toEqual([
      ['a', true],
      [{ expressionType: 'SQL', sqlExpression: 'x' }, false],
    ]);
  });

  it.each([['num desc'], ['["num"]'], ['["num", "asc"]']])('throws Found invalid orderby options on %s', (bad) => {
    expect(() => normalizeOrderBy([bad])).toThrow('Found invalid orderby options');
  });
});

describe('applyDefaultOrderBy', () => {
  it('keeps a valid orderby, else sorts by series-limit metric or first metric', () => {
    expect(applyDefaultOrderBy({ orderby: [['a', true]], order_desc: true })).toEqual({ orderby: [['a', true]], order_desc: true });
    expect(applyDefaultOrderBy({ metrics: ['m1', 'm2'], series_limit_metric: 'm2', order_desc: true })).toEqual({
      metrics: ['m1', 'm2'],
      series_limit_metric: 'm2',
      orderby: [['m2', false]],
    });
    expect(applyDefaultOrderBy({ metrics: ['m1'], order_desc: false })).toEqual({ metrics: ['m1'], orderby: [['m1', true]] });
    expect(applyDefaultOrderBy({ columns: ['a'] })).toEqual({ columns: ['a'] });
  });
});

describe('processFilters / simpleFilterToSql', () => {
  it('renders HAVING simple filters with quoted literals', () => {
    expect(simpleFilterToSql({ expressionType: 'SIMPLE', clause: 'HAVING', subject: 'SUM(x)', operator: 'IN', comparator: ["O'Neil", 2, null] })).toBe(
      "SUM(x) IN ('O''Neil', 2, NULL)",
    );
    expect(simpleFilterToSql({ expressionType: 'SIMPLE', clause: 'HAVING', subject: 'MAX(y)', operator: 'IS NOT NULL' })).toBe('MAX(y) IS NOT NULL');
  });

  it('keeps a legacy where clause and skips blank SQL filters', () => {
    expect(
      processFilters({ where: 'a = 1', adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '  ' }] }),
    ).toEqual({ filters: [], extras: { where: '(a = 1)', having: '' } });
  });
});
