import { describe, expect, it } from 'vitest';
import { findCascadeCycle, wouldCreateCascadeCycle } from './cascade-cycles';
import { getChartsInScope, getTabsInScope, nativeFilterScopes } from './filter-scope';
import { toLayout } from './layout-types';
import { applyFilterChanges, validateNativeFilter, validateNativeFilters } from './native-filters';

const scope = { rootPath: ['ROOT_ID'], excluded: [] };
const filter = (id: string, parents: string[] = []) => ({
  id,
  type: 'NATIVE_FILTER',
  name: id,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'country' } }],
  cascadeParentIds: parents,
  scope,
});

describe('native filter validation', () => {
  it('accepts a well-formed filter and a divider', () => {
    expect(validateNativeFilter(filter('A'))).toEqual([]);
    expect(validateNativeFilter({ id: 'D', type: 'DIVIDER', title: 'Section' })).toEqual([]);
    expect(validateNativeFilter({ id: 'T', type: 'NATIVE_FILTER', name: 'Time', filterType: 'filter_time', targets: [{}], scope })).toEqual([]);
  });

  it('names each problem', () => {
    const issues = validateNativeFilter({ id: 'B', type: 'NATIVE_FILTER', name: ' ', filterType: 'filter_bogus', targets: [{ column: { name: 'x' } }], scope: { rootPath: 'ROOT_ID' } });
    expect(issues.map((i) => i.field)).toEqual(['name', 'filterType', 'targets[0].datasetId', 'scope.rootPath', 'scope.excluded']);
    expect(validateNativeFilter({ id: 'X', type: 'OTHER' })[0]).toMatchObject({ field: 'type' });
  });

  it('detects cascade cycles and missing parents', () => {
    expect(findCascadeCycle([filter('A', ['B']), filter('B', ['C']), filter('C', ['A'])])).toEqual(['A', 'B', 'C', 'A']);
    expect(findCascadeCycle([filter('A', ['B']), filter('B')])).toBeNull();
    expect(findCascadeCycle([filter('A', ['A'])])).toEqual(['A', 'A']);
    expect(wouldCreateCascadeCycle([filter('A', ['B']), filter('B')], 'B', 'A')).toBe(true);
    const issues = validateNativeFilters([filter('A', ['B']), filter('B', ['A']), filter('C', ['Z']), filter('C')]);
    expect(issues.map((i) => i.message)).toEqual(['Duplicate filter id C', 'Parent filter Z does not exist', 'Cyclic filter dependency: A -> B -> A']);
  });

  it('applies deleted, modified and reordered like the incumbent', () => {
    const [a, b, c] = [filter('A'), filter('B'), filter('C')];
    const b2 = { ...b, name: 'B2' };
    const d = filter('D');
    const out = applyFilterChanges([a, b, c], { deleted: ['A'], modified: [b2, d], reordered: ['D', 'C'] });
    expect(out.map((f) => f.id)).toEqual(['D', 'C', 'B']);
    expect(out[2].name).toBe('B2');
  });
});

describe('filter scope', () => {
  const layout = toLayout({
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
    'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'] },
    'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-1'] },
    'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['TABS-2'] },
    'TABS-2': { id: 'TABS-2', type: 'TABS', children: ['TAB-c'] },
    'TAB-c': { id: 'TAB-c', type: 'TAB', children: ['ROW-2'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2'] },
    'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-3'] },
    'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
    'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2 } },
    'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3 } },
  });

  it('covers the charts under rootPath minus excluded, and the tabs involved', () => {
    expect(getChartsInScope(layout, { rootPath: ['ROOT_ID'], excluded: [2] })).toEqual([1, 3]);
    expect(getChartsInScope(layout, { rootPath: ['TAB-c'], excluded: [] })).toEqual([3]);
    expect(getTabsInScope(layout, { rootPath: ['TAB-c'], excluded: [] })).toEqual(['TAB-b', 'TAB-c']);
    expect(getTabsInScope(layout, { rootPath: ['ROOT_ID'], excluded: [] })).toEqual(['TAB-a', 'TAB-b', 'TAB-c']);
    expect(nativeFilterScopes(layout, [{ id: 'F', scope: { rootPath: ['TAB-a'], excluded: [] } }, { id: 'G', chartsInScope: [9] }])).toEqual({ F: [1, 2], G: [9] });
  });
});
