/** Certification and warning kept in a column's or metric's `extra` JSON (spec 2 §3). */
export interface ItemExtra {
  certification?: { certified_by?: string | null; details?: string | null } | null;
  warning_markdown?: string | null;
  [key: string]: unknown;
}

/** A dataset metric as edited (spec 2 §3). `id` is numeric for saved metrics, a temporary string for new ones. */
export interface DatasetMetricEdit {
  id?: number | string;
  uuid?: string | null;
  metric_name: string;
  expression: string;
  description?: string | null;
  metric_type?: string | null;
  d3format?: string | null;
  currency?: { symbol?: string; symbolPosition?: string } | null;
  verbose_name?: string | null;
  warning_text?: string | null;
  extra?: string | null;
}

/** A dataset column as edited; a column with an expression is a calculated column. */
export interface DatasetColumnEdit {
  id?: number | string;
  uuid?: string | null;
  column_name: string;
  type?: string | null;
  advanced_data_type?: string | null;
  verbose_name?: string | null;
  description?: string | null;
  expression?: string | null;
  filterable?: boolean;
  groupby?: boolean;
  is_active?: boolean | null;
  is_dttm?: boolean;
  python_date_format?: string | null;
  extra?: string | null;
}

/** A dataset as GET /api/v1/dataset/{id} answers it, with the fields the edit modal touches (spec 2 §3). */
export interface DatasetDetail {
  id: number;
  table_name: string;
  database: { id: number; database_name: string; allow_multi_catalog?: boolean } | null;
  catalog?: string | null;
  schema?: string | null;
  sql?: string | null;
  kind?: string;
  filter_select_enabled?: boolean;
  fetch_values_predicate?: string | null;
  description?: string | null;
  main_dttm_col?: string | null;
  normalize_columns?: boolean;
  always_filter_main_dttm?: boolean;
  offset?: number | null;
  default_endpoint?: string | null;
  cache_timeout?: number | string | null;
  is_sqllab_view?: boolean;
  template_params?: string | null;
  extra?: string | null;
  is_managed_externally?: boolean;
  external_url?: string | null;
  owners?: ({ id: number } & Record<string, unknown>)[] | number[];
  metrics: DatasetMetricEdit[];
  columns: DatasetColumnEdit[];
}
