import { DEFAULT_TABLE_PAGE_SIZE, risonDecode, risonEncode, TABLE_PAGE_SIZE_OPTIONS } from '@lumen-bi/core';
import type { FilterValue, ListState, SortOrder, ViewMode } from './list-types';

/** Defaults a list starts from when the address says nothing. */
export interface ListStateDefaults {
  sortColumn: string;
  sortOrder: SortOrder;
  viewMode: ViewMode;
  pageSize?: number;
}

/** Address parameter names: the incumbent's, so links copied from it open the same list. */
const PARAMS = { filters: 'filters', pageIndex: 'pageIndex', pageSize: 'pageSize', sortColumn: 'sortColumn', sortOrder: 'sortOrder', viewMode: 'viewMode' } as const;

const isFilterValue = (value: unknown): value is FilterValue => {
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.length === 2 && value.every((v) => typeof v === 'number');
  return typeof value === 'object' && value !== null && typeof (value as { label?: unknown }).label === 'string' && 'value' in value;
};

function decodeFilters(text: string | null): Record<string, FilterValue> {
  if (!text) return {};
  try {
    const decoded = risonDecode(text);
    if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded)) return {};
    // A hand-edited address may carry anything: keep only values a filter can hold.
    return Object.fromEntries(Object.entries(decoded as Record<string, unknown>).filter(([, v]) => isFilterValue(v))) as Record<string, FilterValue>;
  } catch {
    return {};
  }
}

/**
 * Reads the list state from an address query string (spec 1 §2: filters, page index, sort column, sort
 * order, view mode), falling back to the defaults for anything missing or malformed.
 *
 * @example
 * parseListState('?pageIndex=2&sortColumn=slice_name&sortOrder=asc', { sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc', viewMode: 'card' });
 */
export function parseListState(search: string, defaults: ListStateDefaults): ListState {
  const params = new URLSearchParams(search);
  const pageIndex = Number(params.get(PARAMS.pageIndex));
  const pageSize = Number(params.get(PARAMS.pageSize));
  const order = params.get(PARAMS.sortOrder);
  const mode = params.get(PARAMS.viewMode);
  return {
    filters: decodeFilters(params.get(PARAMS.filters)),
    pageIndex: Number.isInteger(pageIndex) && pageIndex > 0 ? pageIndex : 0,
    pageSize: (TABLE_PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : (defaults.pageSize ?? DEFAULT_TABLE_PAGE_SIZE),
    sortColumn: params.get(PARAMS.sortColumn) || defaults.sortColumn,
    sortOrder: order === 'asc' || order === 'desc' ? order : defaults.sortOrder,
    viewMode: mode === 'card' || mode === 'table' ? mode : defaults.viewMode,
  };
}

/**
 * Writes the list state into a query string, leaving out what equals the defaults so plain addresses stay
 * plain; parameters not owned by the list (e.g. `id` on the tag page) are kept.
 *
 * @example
 * serializeListState(state, defaults, '?id=3'); // '?id=3&pageIndex=1'
 */
export function serializeListState(state: ListState, defaults: ListStateDefaults, currentSearch = ''): string {
  const params = new URLSearchParams(currentSearch);
  for (const name of Object.values(PARAMS)) params.delete(name);
  if (Object.keys(state.filters).length) params.set(PARAMS.filters, risonEncode(state.filters));
  if (state.pageIndex) params.set(PARAMS.pageIndex, String(state.pageIndex));
  if (state.pageSize !== (defaults.pageSize ?? DEFAULT_TABLE_PAGE_SIZE)) params.set(PARAMS.pageSize, String(state.pageSize));
  if (state.sortColumn !== defaults.sortColumn) params.set(PARAMS.sortColumn, state.sortColumn);
  if (state.sortOrder !== defaults.sortOrder) params.set(PARAMS.sortOrder, state.sortOrder);
  if (state.viewMode !== defaults.viewMode) params.set(PARAMS.viewMode, state.viewMode);
  const text = params.toString();
  return text ? `?${text}` : '';
}
