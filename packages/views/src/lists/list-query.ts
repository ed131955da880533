import { filterKey, ListViewError, type ApiFilter, type FilterOption, type FilterValue, type ListColumn, type ListFilterConfig, type ListRow, type ListState } from './list-types';

/**
 * Throws when a filter names no column (spec 1 §5: a configuration error, found by the developer on first
 * render rather than by a user as a silently ignored filter).
 *
 * @example
 * assertFiltersMatchColumns([{ id: 'slice_name', ... }], [{ id: 'slice_name', header: 'Name' }]);
 */
export function assertFiltersMatchColumns(filters: readonly ListFilterConfig[], columns: readonly ListColumn<ListRow>[]): void {
  const ids = new Set(columns.map((c) => c.id));
  for (const filter of filters) {
    if (!ids.has(filter.id)) throw new ListViewError(`Invalid filter config, ${filter.id} is not present in columns`);
  }
}

const isOption = (value: FilterValue): value is FilterOption => typeof value === 'object' && !Array.isArray(value);

/** The value a filter sends, or undefined when the filter is effectively off. */
function apiValue(config: ListFilterConfig, value: FilterValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (config.kind === 'search') {
    const text = typeof value === 'string' ? value.trim() : '';
    return text === '' ? undefined : text;
  }
  if (config.kind === 'range') {
    // An invalid range is never applied (spec 1 §5); the control shows why.
    return Array.isArray(value) && value[0] < value[1] ? value : undefined;
  }
  return isOption(value) ? value.value : undefined;
}

/**
 * The `filters` list of the list request: configured filters with a value, after any fixed base filters.
 *
 * @example
 * toApiFilters(configs, { slice_name: 'sales' }); // [{ col: 'slice_name', opr: 'chart_all_text', value: 'sales' }]
 */
export function toApiFilters(configs: readonly ListFilterConfig[], values: ListState['filters'], base: readonly ApiFilter[] = []): ApiFilter[] {
  const out = [...base];
  for (const config of configs) {
    const value = apiValue(config, values[filterKey(config)]);
    if (value !== undefined) out.push({ col: config.id, opr: config.operator, value });
  }
  return out;
}

/** True when any configured filter holds a value that is applied (drives the empty state's wording). */
export function hasActiveFilters(configs: readonly ListFilterConfig[], values: ListState['filters']): boolean {
  return configs.some((config) => apiValue(config, values[filterKey(config)]) !== undefined);
}

/** The rison `q` of GET /api/v1/{resource}/. */
export function listQuery(state: ListState, filters: ApiFilter[], selectColumns?: readonly string[]): Record<string, unknown> {
  return {
    filters,
    order_column: state.sortColumn,
    order_direction: state.sortOrder,
    page: state.pageIndex,
    page_size: state.pageSize,
    ...(selectColumns?.length ? { select_columns: [...selectColumns] } : {}),
  };
}

/**
 * The 'x-y of z' row-count text (spec 1 §2).
 *
 * @example
 * rowCountText(1, 15, 40); // '16-30 of 40'
 */
export function rowCountText(pageIndex: number, pageSize: number, count: number): string {
  if (count === 0) return '0-0 of 0';
  const first = pageIndex * pageSize + 1;
  const last = Math.min(count, (pageIndex + 1) * pageSize);
  return `${first}-${last} of ${count}`;
}

/** How many pages `count` rows fill; at least 1 so an empty list has a page 0. */
export const pageCount = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize));
