import { describe, expect, it } from 'vitest';
import { applyDataMasks } from './apply-data-masks';
import { buildQueryContext } from './build-query-context';
import { getChartFormDataForSave } from './chart-form-data-for-save';
import type { QueryFormData } from './form-data-types';
import { mergeExtraFormData } from './merge-extra-form-data';

const formData: QueryFormData = { datasource: '3__table', viz_type: 'table', metrics: ['count'], slice_id: 9 };

describe('buildQueryContext', () => {
  it('builds the request body with spec defaults', () => {
    const ctx = buildQueryContext(formData);
    expect(ctx.datasource).toEqual({ id: 3, type: 'table' });
    expect(ctx.force).toBe(false);
    expect(ctx.result_format).toBe('json');
    expect(ctx.result_type).toBe('full');
    expect(ctx.form_data).toBe(formData);
    expect(ctx.queries).toHaveLength(1);
    expect(ctx.queries[0].metrics).toEqual(['count']);
  });

  it('lets the plugin buildQuery shape the queries and options override defaults', () => {
    const ctx = buildQueryContext(formData, {
      buildQuery: (q) => [{ ...q, post_processing: [{ operation: 'pivot', options: { index: ['ds'] } }] }],
      force: true,
      resultFormat: 'csv',
      resultType: 'samples',
    });
    expect(ctx.queries[0].post_processing).toEqual([{ operation: 'pivot', options: { index: ['ds'] } }]);
    expect([ctx.force, ctx.result_format, ctx.result_type]).toEqual([true, 'csv', 'samples']);
    expect(buildQueryContext(formData, (q) => [q, { ...q, is_rowcount: true }]).queries).toHaveLength(2);
  });

  it('throws on a bad datasource key', () => {
    expect(() => buildQueryContext({ ...formData, datasource: 'nope' })).toThrow('Invalid datasource key "nope"');
  });
});

describe('mergeExtraFormData', () => {
  it('appends lists and lets later overrides win', () => {
    const a = { col: 'a', op: '==' as const, val: 1 };
    const b = { col: 'b', op: '==' as const, val: 2 };
    expect(
      mergeExtraFormData(
        { filters: [a], time_range: 'Last week', time_grain_sqla: 'P1D', custom_form_data: { x: 1 } },
        { filters: [b], time_range: 'Last month', interactive_groupby: ['g'], custom_form_data: { y: 2 } },
      ),
    ).toEqual({
      filters: [a, b],
      interactive_groupby: ['g'],
      custom_form_data: { x: 1, y: 2 },
      time_range: 'Last month',
      time_grain_sqla: 'P1D',
    });
    expect(mergeExtraFormData(undefined, undefined)).toEqual({});
  });
});

describe('applyDataMasks', () => {
  const masks = {
    'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', extraFormData: { filters: [{ col: 'country', op: 'IN' as const, val: ['FR'] }] } },
    'NATIVE_FILTER-2': { extraFormData: { time_range: 'Last week' } },
    '12': { extraFormData: { filters: [{ col: 'gender', op: 'IN' as const, val: ['boy'] }] } },
    '13': { extraFormData: { filters: [{ col: 'state', op: 'IN' as const, val: ['CA'] }] } },
    'NATIVE_FILTER-3': { filterState: { value: null } },
  };
  const scopes = { 'NATIVE_FILTER-1': [12, 13], 'NATIVE_FILTER-2': { chartsInScope: [13] }, '12': [12, 13], '13': [12] };

  it('merges only masks whose scope includes the chart, never a chart’s own cross filter', () => {
    // Object key order: integer-like keys (cross filters by chart id) come first.
    expect(applyDataMasks(formData, masks, 12, scopes).extra_form_data).toEqual({
      filters: [
        { col: 'state', op: 'IN', val: ['CA'] },
        { col: 'country', op: 'IN', val: ['FR'] },
      ],
    });
    expect(applyDataMasks(formData, masks, 13, scopes).extra_form_data).toEqual({
      filters: [
        { col: 'gender', op: 'IN', val: ['boy'] },
        { col: 'country', op: 'IN', val: ['FR'] },
      ],
      time_range: 'Last week',
    });
  });

  it('returns form data unchanged when nothing applies, and feeds buildQueryContext', () => {
    expect(applyDataMasks(formData, masks, 99, scopes)).toBe(formData);
    const ctx = buildQueryContext(applyDataMasks(formData, masks, 13, scopes));
    expect(ctx.queries[0].time_range).toBe('Last week');
    expect(ctx.queries[0].filters).toHaveLength(2);
  });
});

describe('getChartFormDataForSave', () => {
  it('drops extra filters and keeps extra time-range filters with comparator No filter', () => {
    const saved = getChartFormDataForSave({
      ...formData,
      extra_filters: [{ col: 'x', op: '==', val: 1 }],
      extra_form_data: { time_range: 'Last week' },
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'country', operator: 'IN', comparator: ['FR'] },
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last week', isExtra: true },
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: 'IN', comparator: ['boy'], isExtra: true },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'a = 1', isExtra: true },
      ],
      adhoc_filters_b: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'y', operator: '==', comparator: 1, isExtra: true }],
    });
    expect(saved).not.toHaveProperty('extra_filters');
    expect(saved).not.toHaveProperty('extra_form_data');
    expect(saved.adhoc_filters).toEqual([
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'country', operator: 'IN', comparator: ['FR'] },
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter' },
    ]);
    expect(saved.adhoc_filters_b).toEqual([]);
  });

  it('does not duplicate a time-range filter the chart already has', () => {
    const own = { expressionType: 'SIMPLE' as const, clause: 'WHERE' as const, subject: 'ds', operator: 'TEMPORAL_RANGE' as const, comparator: 'Last year' };
    const saved = getChartFormDataForSave({ ...formData, adhoc_filters: [own, { ...own, comparator: 'Last week', isExtra: true }] });
    expect(saved.adhoc_filters).toEqual([own]);
  });
});
