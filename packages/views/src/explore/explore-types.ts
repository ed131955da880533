/**
 * Shapes Explore reads from the server (Superset's, so payloads from either server load): the dataset
 * metadata of /superset/fetch_datasource_metadata and the chart record of GET /api/v1/chart/{id}.
 */

/** Certification and warning facts shared by columns and metrics (spec 2 §3, spec 3 §3). */
export interface CertifiedItem {
  verbose_name?: string | null;
  description?: string | null;
  expression?: string | null;
  is_certified?: boolean;
  certified_by?: string | null;
  certification_details?: string | null;
  warning_markdown?: string | null;
  warning_text?: string | null;
  error_text?: string | null;
}

/** A dataset column. `type_generic`: 0 numeric, 1 string, 2 temporal, 3 boolean (Superset's GenericDataType). */
export interface DatasetColumn extends CertifiedItem {
  id?: number;
  column_name: string;
  type?: string | null;
  type_generic?: number | null;
  is_dttm?: boolean;
  filterable?: boolean;
  groupby?: boolean;
}

/** A dataset metric. */
export interface DatasetMetric extends CertifiedItem {
  id?: number;
  metric_name: string;
  label?: string;
  d3format?: string | null;
}

/** A dataset as Explore needs it. */
export interface DatasourceMetadata {
  id: number;
  type: string;
  uid?: string;
  name: string;
  table_name?: string;
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
  verbose_map?: Record<string, string>;
  main_dttm_col?: string | null;
  time_grain_sqla?: [string, string][];
  order_by_choices?: [string, string][];
  owners?: { id: number }[];
}

/** The chart record (GET /api/v1/chart/{id}). */
export interface SavedChart {
  id: number;
  slice_name: string;
  viz_type: string;
  params: string | null;
  query_context?: string | null;
  datasource_id: number;
  datasource_type: string;
  owners: { id: number }[];
  dashboards: { id: number; dashboard_title?: string }[];
}

/**
 * Chart lifecycle (spec 1 §4): update started (loading), succeeded, failed, stopped (abort), then rendering
 * succeeded (rendered) or failed (failed with a render error).
 */
export type ChartStatus = 'idle' | 'loading' | 'success' | 'failed' | 'stopped' | 'rendered';

/** Loading state of the page itself (dataset, saved chart, permalink). */
export type ExploreLoadStatus = 'idle' | 'loading' | 'ready' | 'error' | 'needs-datasource';
