/**
 * Cross-filter scoping (spec 2 §3): chart_configuration[chartId].crossFilters.scope says where a chart's
 * cross filter applies ('global' follows global_chart_configuration); without an entry the whole
 * dashboard. The emitting chart is never in its own scope. Pure, shared by the store and its tests.
 */
import { getChartsInScope, GLOBAL_FILTER_SCOPE, type ChartConfigurationItem, type DashboardLayout, type FilterScope, type GlobalChartConfiguration } from '@lumen-bi/core';
import type { DashboardMetadata } from './dashboard-types';

/** Data-mask keys of cross filters are chart ids (native filters are 'NATIVE_FILTER-...'). */
export const isCrossFilterKey = (key: string): boolean => /^\d+$/.test(key);

const isScope = (s: unknown): s is FilterScope => typeof s === 'object' && s !== null && Array.isArray((s as FilterScope).rootPath);

/**
 * Emitting chart id -> ids of the charts its cross filter applies to. The scope is resolved on the
 * layout when there is one (stored chartsInScope can be stale after layout edits); the stored
 * chartsInScope is the fallback; with neither, every other chart. With `datasourceOf`, only charts of the
 * emitter's dataset are kept (the column a cross filter names is known to exist only there).
 *
 * @example
 * crossFilterChartScopes({ chart_configuration: { 12: { id: 12, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [13] } } } } }, layout, [12, 13, 14]);
 * // { '12': [14], '13': [12, 14], '14': [12, 13] }
 */
export function crossFilterChartScopes(
  metadata: DashboardMetadata,
  layout: DashboardLayout | undefined,
  chartIds: readonly number[],
  datasourceOf?: (chartId: number) => unknown,
): Record<string, number[]> {
  const config = (metadata.chart_configuration ?? {}) as Record<string, Partial<ChartConfigurationItem> | undefined>;
  const global = metadata.global_chart_configuration as Partial<GlobalChartConfiguration> | undefined;
  const hasLayout = Boolean(layout && Object.keys(layout).length > 0);
  const out: Record<string, number[]> = {};
  for (const id of chartIds) {
    const own = config[String(id)]?.crossFilters;
    const followsGlobal = !own || own.scope === 'global' || !isScope(own.scope);
    const scope = followsGlobal ? (isScope(global?.scope) ? global.scope : GLOBAL_FILTER_SCOPE) : (own.scope as FilterScope);
    const stored = followsGlobal && !own?.chartsInScope ? global?.chartsInScope : own?.chartsInScope;
    let inScope: readonly number[];
    if (hasLayout) inScope = getChartsInScope(layout!, scope, chartIds);
    else if (Array.isArray(stored)) inScope = stored;
    else inScope = chartIds.filter((x) => !scope.excluded?.includes(x));
    // A chart of another dataset may lack the column: the filter would only break its query.
    const ownDatasource = datasourceOf?.(id);
    out[String(id)] = inScope.filter((x) => x !== id && (!datasourceOf || datasourceOf(x) === ownDatasource));
  }
  return out;
}

/** '7__table' and { id: 7, type: 'table' } name the same dataset. */
export function datasourceKey(datasource: unknown): string | undefined {
  if (typeof datasource === 'string') return datasource;
  if (datasource && typeof datasource === 'object' && 'id' in datasource) {
    const d = datasource as { id: unknown; type?: unknown };
    return `${String(d.id)}__${String(d.type ?? 'table')}`;
  }
  return undefined;
}
