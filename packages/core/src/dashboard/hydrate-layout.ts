/**
 * Hydration (spec 2 §4): a dashboard's charts that its layout does not place are added in new rows at
 * the end of the first grid or top-level tab, so a chart linked to a dashboard (from Explore's save or
 * an API client) is never invisible. Ids are derived from the chart id, not random: hydration runs on
 * every load without saving, and permalinks/anchors must keep pointing at the same components.
 */
import { BACKGROUND_TRANSPARENT, GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_HEIGHT, GRID_DEFAULT_CHART_WIDTH } from './grid-constants';
import {
  CHART_TYPE,
  chartIdOf,
  DASHBOARD_GRID_ID,
  DASHBOARD_ROOT_ID,
  type DashboardLayout,
  GRID_TYPE,
  ROOT_TYPE,
  ROW_TYPE,
  TABS_TYPE,
  withParents,
} from './layout-types';

export interface HydrateChart {
  id: number;
  sliceName?: string;
  uuid?: string;
}

/**
 * The empty layout of a new dashboard: root -> grid.
 *
 * @example
 * emptyLayout(); // { ROOT_ID: {type: 'ROOT', children: ['GRID_ID']}, GRID_ID: {type: 'GRID', children: []} }
 */
export function emptyLayout(): DashboardLayout {
  return {
    [DASHBOARD_ROOT_ID]: { id: DASHBOARD_ROOT_ID, type: ROOT_TYPE, children: [DASHBOARD_GRID_ID], parents: [] },
    [DASHBOARD_GRID_ID]: { id: DASHBOARD_GRID_ID, type: GRID_TYPE, children: [], parents: [DASHBOARD_ROOT_ID] },
  };
}

/**
 * Where missing charts go: the grid under the root, or the first tab of the top-level tabs.
 */
export function findFirstContainerId(layout: DashboardLayout): string | undefined {
  const root = layout[DASHBOARD_ROOT_ID];
  const first = root ? layout[root.children[0] ?? ''] : undefined;
  if (!first) return undefined;
  if (first.type === TABS_TYPE) return layout[first.children[0] ?? '']?.id;
  return first.id;
}

/** Chart ids placed by CHART components of the layout. */
export function chartIdsInLayout(layout: DashboardLayout): number[] {
  const ids = new Set<number>();
  for (const c of Object.values(layout)) {
    const id = chartIdOf(c);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/**
 * Returns the layout with every chart of `charts` that it does not place appended in new rows of the
 * first container; a new row starts when the running width would exceed GRID_COLUMN_COUNT. A missing or
 * rootless layout starts from `emptyLayout()`. `parents` are recomputed.
 *
 * @example
 * hydrateLayout(undefined, [{ id: 1 }, { id: 2 }, { id: 3 }]);
 * // ROW-auto-1 holds CHART-auto-1 and CHART-auto-2 (width 5 each); ROW-auto-2 holds CHART-auto-3
 */
export function hydrateLayout(layout: DashboardLayout | undefined, charts: readonly HydrateChart[]): DashboardLayout {
  let out: DashboardLayout = layout && layout[DASHBOARD_ROOT_ID] ? { ...layout } : emptyLayout();
  let containerId = findFirstContainerId(out);
  if (!containerId) {
    // A root whose first child is missing: start a fresh grid rather than guess where charts belong.
    out = { ...out, ...emptyLayout() };
    containerId = DASHBOARD_GRID_ID;
  }
  const placed = new Set(chartIdsInLayout(out));
  const missing = charts.filter((c) => !placed.has(c.id));
  if (missing.length === 0) return withParents(out);

  const container = { ...out[containerId], children: [...out[containerId].children] };
  out[containerId] = container;
  let row: { id: string; children: string[] } | undefined;
  let rowWidth = 0;
  let rowCount = 0;
  for (const chart of missing) {
    if (!row || rowWidth + GRID_DEFAULT_CHART_WIDTH > GRID_COLUMN_COUNT) {
      rowCount += 1;
      let rowId = `ROW-auto-${rowCount}`;
      while (out[rowId]) rowId = `ROW-auto-${++rowCount}`;
      row = { id: rowId, children: [] };
      out[rowId] = { id: rowId, type: ROW_TYPE, children: row.children, meta: { background: BACKGROUND_TRANSPARENT } };
      container.children.push(rowId);
      rowWidth = 0;
    }
    let chartKey = `CHART-auto-${chart.id}`;
    for (let n = 2; out[chartKey]; n += 1) chartKey = `CHART-auto-${chart.id}-${n}`;
    out[chartKey] = {
      id: chartKey,
      type: CHART_TYPE,
      children: [],
      meta: {
        chartId: chart.id,
        width: GRID_DEFAULT_CHART_WIDTH,
        height: GRID_DEFAULT_CHART_HEIGHT,
        ...(chart.sliceName !== undefined ? { sliceName: chart.sliceName } : {}),
        ...(chart.uuid !== undefined ? { uuid: chart.uuid } : {}),
      },
    };
    row.children.push(chartKey);
    rowWidth += GRID_DEFAULT_CHART_WIDTH;
  }
  return withParents(out);
}
