import { describe, expect, it } from 'vitest';
import { GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_WIDTH } from './grid-constants';
import { chartIdsInLayout, emptyLayout, findFirstContainerId, hydrateLayout } from './hydrate-layout';
import type { DashboardLayout } from './layout-types';

describe('hydrateLayout', () => {
  it('places missing charts in new rows on the grid, starting a row when the width would overflow', () => {
    const out = hydrateLayout(undefined, [{ id: 1, sliceName: 'A' }, { id: 2 }, { id: 3 }]);
    const perRow = Math.floor(GRID_COLUMN_COUNT / GRID_DEFAULT_CHART_WIDTH);
    expect(out.GRID_ID.children).toEqual(['ROW-auto-1', 'ROW-auto-2']);
    expect(out['ROW-auto-1'].children).toHaveLength(perRow);
    expect(out['ROW-auto-1'].children[0]).toBe('CHART-auto-1');
    expect(out['CHART-auto-1'].meta).toMatchObject({ chartId: 1, sliceName: 'A', width: GRID_DEFAULT_CHART_WIDTH });
    expect(out['CHART-auto-3'].parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-auto-2']);
  });

  it('uses the first top-level tab, leaves placed charts alone and is stable across runs', () => {
    const layout: DashboardLayout = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
      'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-1', 'TAB-2'] },
      'TAB-1': { id: 'TAB-1', type: 'TAB', children: ['ROW-x'] },
      'TAB-2': { id: 'TAB-2', type: 'TAB', children: [] },
      'ROW-x': { id: 'ROW-x', type: 'ROW', children: ['CHART-x'] },
      'CHART-x': { id: 'CHART-x', type: 'CHART', children: [], meta: { chartId: 7, width: 4 } },
    };
    expect(findFirstContainerId(layout)).toBe('TAB-1');
    const out = hydrateLayout(layout, [{ id: 7 }, { id: 8 }]);
    expect(out['TAB-1'].children).toEqual(['ROW-x', 'ROW-auto-1']);
    expect(chartIdsInLayout(out).sort()).toEqual([7, 8]);
    expect(hydrateLayout(layout, [{ id: 7 }, { id: 8 }])).toEqual(out);
    expect(layout['TAB-1'].children).toEqual(['ROW-x']);
  });

  it('returns the layout unchanged (with parents) when nothing is missing', () => {
    const out = hydrateLayout(emptyLayout(), []);
    expect(out.GRID_ID.children).toEqual([]);
    expect(out.GRID_ID.parents).toEqual(['ROOT_ID']);
  });
});
