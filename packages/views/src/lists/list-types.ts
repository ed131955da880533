import type { ReactNode } from 'react';

/**
 * The resources a list screen can show; each is one generic REST resource on the server, or the annotations
 * of one annotation layer, nested under it (`annotation_layer/{id}/annotation`).
 */
export type ListResource =
  | 'chart'
  | 'dashboard'
  | 'saved_query'
  | 'dataset'
  | 'database'
  | 'tag'
  | 'report'
  | 'security/users'
  | 'security/roles'
  | 'rowlevelsecurity'
  | 'annotation_layer'
  | `annotation_layer/${number}/annotation`;

export type SortOrder = 'asc' | 'desc';
export type ViewMode = 'card' | 'table';

/** A row as the list endpoint answers it; pages narrow it with their own interfaces. */
export type ListRow = { id: number } & Record<string, unknown>;

/**
 * A column of the table. `hidden` columns are never drawn but may carry filters, as in the incumbent: a
 * filter must name a column (spec 1 §5), so filter-only fields are declared as hidden columns.
 */
export interface ListColumn<T extends ListRow = ListRow> {
  id: string;
  header: string;
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  hidden?: boolean;
  /** Column width in px; the table falls back to auto. */
  size?: number;
}

/** One option of a select filter: the label is kept in the address so a reload shows the same chip. */
export interface FilterOption {
  label: string;
  value: string | number | boolean;
}

interface FilterBase {
  /** Unique key of the filter in the address; defaults to `id`. Two filters may share a column id. */
  key?: string;
  /** The column the filter applies to; it must be one of the list's columns. */
  id: string;
  label: string;
  /** The server's operator (ct, eq, rel_m_m, rel_o_m, chart_is_favorite, ...). */
  operator: string;
}

/** Free text, applied on Enter or blur, trimmed (spec 1 §5). */
export interface SearchFilterConfig extends FilterBase {
  kind: 'search';
}

/**
 * A single-choice select, with fixed options or options looked up from `related/{column}` or
 * `distinct/{column}` (page size 100), or from a custom loader (tags).
 */
export interface SelectFilterConfig extends FilterBase {
  kind: 'select';
  options?: readonly FilterOption[];
  lookup?: { source: 'related' | 'distinct'; column: string };
  load?: () => Promise<FilterOption[]>;
}

/** A numerical range [min, max]; min must be strictly less than max (spec 1 §5). */
export interface RangeFilterConfig extends FilterBase {
  kind: 'range';
}

export type ListFilterConfig = SearchFilterConfig | SelectFilterConfig | RangeFilterConfig;

/** The value a filter holds in state and in the address. */
export type FilterValue = string | FilterOption | [number, number];

/** The whole list state kept in the address (spec 1 §2). */
export interface ListState {
  filters: Record<string, FilterValue>;
  pageIndex: number;
  pageSize: number;
  sortColumn: string;
  sortOrder: SortOrder;
  viewMode: ViewMode;
}

/** A filter as the list endpoint takes it. */
export interface ApiFilter {
  col: string;
  opr: string;
  value: unknown;
}

/** A sort choice of the card view's selector. */
export interface CardSortOption {
  label: string;
  column: string;
  order: SortOrder;
}

/** The configuration error of a filter naming no column (spec 1 §5). */
export class ListViewError extends Error {
  override name = 'ListViewError';
}

export const filterKey = (filter: ListFilterConfig): string => filter.key ?? filter.id;
