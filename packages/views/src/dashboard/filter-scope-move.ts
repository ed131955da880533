/**
 * Edit mode's warning when a drag and drop moves charts across filter scopes (spec 2 §4): a native filter
 * scoped to a tab (rootPath) or excluding a branch stops or starts applying to a chart that leaves or
 * enters it. The scopes are resolved on the layout before and after the move and compared chart by chart.
 */
import { chartIdOf, nativeFilterScopes, type DashboardLayout, type NativeFilter, type NativeFilterConfig } from '@lumen-bi/core';
import { isNativeFilter } from './filter-data-masks';

/** The incumbent's wording (spec 2 §8). */
export const FILTER_SCOPE_MOVED_MESSAGE = 'This chart has been moved to a different filter scope.';

/** Chart ids of a component and everything below it (a moved row or tab carries its charts along). */
function chartsUnder(layout: DashboardLayout, id: string): number[] {
  const out: number[] = [];
  const stack = [id];
  const seen = new Set<string>();
  while (stack.length) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const component = layout[current];
    if (!component) continue;
    const chartId = chartIdOf(component);
    if (chartId !== undefined) out.push(chartId);
    stack.push(...component.children);
  }
  return out;
}

/** For each chart, the sorted ids of the native filters applying to it. */
function filtersByChart(layout: DashboardLayout, filters: readonly NativeFilter[], chartIds: readonly number[]): Map<number, string> {
  const scopes = nativeFilterScopes(layout, filters);
  const wanted = new Set(chartIds);
  const out = new Map<number, string[]>(chartIds.map((id) => [id, []]));
  for (const [filterId, charts] of Object.entries(scopes)) for (const chartId of charts) if (wanted.has(chartId)) out.get(chartId)!.push(filterId);
  return new Map([...out].map(([id, ids]) => [id, ids.sort().join('\u0000')]));
}

/**
 * Whether moving `movedId` from `before` to `after` changed which native filters apply to one of the
 * charts it carries.
 *
 * @example
 * if (moveChangesFilterScope(before, after, filters, 'CHART-abc')) toasts.warning(FILTER_SCOPE_MOVED_MESSAGE);
 */
export function moveChangesFilterScope(before: DashboardLayout, after: DashboardLayout, filters: readonly NativeFilterConfig[], movedId: string): boolean {
  const scoped = filters.filter(isNativeFilter).filter((f) => f.scope);
  if (scoped.length === 0) return false;
  const charts = chartsUnder(after, movedId);
  if (charts.length === 0) return false;
  const was = filtersByChart(before, scoped, charts);
  const is = filtersByChart(after, scoped, charts);
  return charts.some((id) => was.get(id) !== is.get(id));
}
