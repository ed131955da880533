/**
 * Native filter scope (spec 2 §3): a filter applies to the charts below any component of `rootPath`,
 * except the chart ids in `excluded`. The result is stored beside the scope as chartsInScope and
 * tabsInScope so the dashboard and the server need not walk the layout on every query.
 */
import { chartIdOf, DASHBOARD_ROOT_ID, type DashboardLayout, TAB_TYPE } from './layout-types';
import { parentMap } from './nesting-rules';

export interface FilterScope {
  rootPath: string[];
  excluded: number[];
}

/** The scope that covers the whole dashboard. */
export const GLOBAL_FILTER_SCOPE: FilterScope = Object.freeze({ rootPath: [DASHBOARD_ROOT_ID], excluded: [] }) as FilterScope;

/** Ids of the component and everything below it (guarding against cycles in a hand-edited layout). */
function subtree(layout: DashboardLayout, rootId: string, into: Set<string>): void {
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (into.has(id) || !layout[id]) continue;
    into.add(id);
    // Reversed so the walk is pre-order in layout order (answers list charts as they appear).
    for (let i = layout[id].children.length - 1; i >= 0; i -= 1) stack.push(layout[id].children[i]);
  }
}

function componentsInScope(layout: DashboardLayout, scope: FilterScope): Set<string> {
  const ids = new Set<string>();
  for (const root of scope.rootPath ?? []) subtree(layout, root, ids);
  return ids;
}

/**
 * Chart ids the scope covers, in layout order of first appearance. `chartIds`, when given, limits the
 * answer to the dashboard's charts.
 *
 * @example
 * getChartsInScope(layout, { rootPath: ['TAB-a'], excluded: [12] }); // [10, 11]
 */
export function getChartsInScope(layout: DashboardLayout, scope: FilterScope, chartIds?: readonly number[]): number[] {
  const excluded = new Set(scope.excluded ?? []);
  const allowed = chartIds ? new Set(chartIds) : undefined;
  const out: number[] = [];
  const seen = new Set<number>();
  for (const id of componentsInScope(layout, scope)) {
    const chartId = chartIdOf(layout[id]);
    if (chartId === undefined || excluded.has(chartId) || seen.has(chartId)) continue;
    if (allowed && !allowed.has(chartId)) continue;
    seen.add(chartId);
    out.push(chartId);
  }
  return out;
}

/**
 * Tab ids where the filter matters: tabs inside the scope, and the tabs holding a chart in scope (so a
 * filter scoped to a nested tab still shows while its outer tab is active).
 */
export function getTabsInScope(layout: DashboardLayout, scope: FilterScope, chartIds?: readonly number[]): string[] {
  const tabs = new Set<string>();
  for (const id of componentsInScope(layout, scope)) if (layout[id]?.type === TAB_TYPE) tabs.add(id);
  const inScope = new Set(getChartsInScope(layout, scope, chartIds));
  const parents = parentMap(layout);
  for (const c of Object.values(layout)) {
    const chartId = chartIdOf(c);
    if (chartId === undefined || !inScope.has(chartId)) continue;
    for (let p = parents.get(c.id); p; p = parents.get(p)) if (layout[p]?.type === TAB_TYPE) tabs.add(p);
  }
  return Object.keys(layout).filter((id) => tabs.has(id));
}

/**
 * Scope info for `applyDataMasks`: native filter id -> chart ids in scope, computed from each filter's
 * scope (or its stored chartsInScope when the layout is not known).
 *
 * @example
 * applyDataMasks(formData, dataMask, chartId, nativeFilterScopes(layout, metadata.native_filter_configuration));
 */
export function nativeFilterScopes(
  layout: DashboardLayout | undefined,
  filters: ReadonlyArray<{ id: string; scope?: FilterScope; chartsInScope?: number[] }>,
): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const f of filters) {
    if (layout && Object.keys(layout).length > 0 && f.scope) out[f.id] = getChartsInScope(layout, f.scope);
    else if (Array.isArray(f.chartsInScope)) out[f.id] = [...f.chartsInScope];
  }
  return out;
}
