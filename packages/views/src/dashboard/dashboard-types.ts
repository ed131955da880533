/**
 * Shapes the dashboard view reads from the server (Superset's REST answers, spec 2 §3) and the embedding
 * options a host passes in (spec 2 §2). Kept apart from the store so API helpers and tests share them.
 */
import type { DashboardDisplayMode, DataMask, DataMaskStateWithId, NativeFilterConfig, QueryFormData } from '@lumen-bi/core';

export interface DashboardOwner {
  id: number;
  first_name?: string;
  last_name?: string;
}

/** GET /api/v1/dashboard/{id_or_slug} `result`, with position_json/json_metadata still as text. */
export interface DashboardInfo {
  id: number;
  dashboard_title: string;
  slug: string | null;
  url?: string;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  owners: DashboardOwner[];
  roles?: { id: number; name?: string }[];
  tags?: { id: number; name: string }[];
  published: boolean;
  certified_by?: string | null;
  certification_details?: string | null;
  changed_on?: string;
  is_managed_externally?: boolean;
}

/** json_metadata keys the view uses (spec 2 §3); anything else is carried through untouched on save. */
export interface DashboardMetadata {
  native_filter_configuration?: NativeFilterConfig[];
  chart_configuration?: Record<string, unknown>;
  global_chart_configuration?: Record<string, unknown>;
  cross_filters_enabled?: boolean;
  filter_bar_orientation?: 'VERTICAL' | 'HORIZONTAL';
  refresh_frequency?: number;
  color_scheme?: string;
  color_namespace?: string;
  color_scheme_domain?: string[];
  label_colors?: Record<string, string>;
  shared_label_colors?: string[] | Record<string, string>;
  map_label_colors?: Record<string, string>;
  expanded_slices?: Record<string, boolean>;
  timed_refresh_immune_slices?: number[];
  stagger_refresh?: boolean;
  stagger_time?: number;
  [key: string]: unknown;
}

/** One entry of GET /api/v1/dashboard/{id}/charts. */
export interface DashboardChart {
  id: number;
  slice_name: string;
  form_data: QueryFormData;
  viz_type?: string;
  description?: string | null;
  owners?: DashboardOwner[];
  slice_url?: string;
  cache_timeout?: number | null;
}

/** Embedding flags (spec 2 §2, DESIGN "Embedding flags"). */
export interface DashboardUiConfig {
  hideTitle?: boolean;
  hideTab?: boolean;
  hideNav?: boolean;
  hideChartControls?: boolean;
  filtersVisible?: boolean;
  filtersExpanded?: boolean;
  emitDataMasks?: boolean;
  showRowLimitWarning?: boolean;
}

export type { DataMask, DataMaskStateWithId };
/** Display modes (spec 2 §2); the kebab-case spellings are accepted too, as hosts write attributes. */
export type DisplayMode = DashboardDisplayMode | 'hide-nav' | 'hide-nav-and-title';

/** Lifecycle of one chart on the dashboard (spec 1 §4). */
export type ChartLoadStatus = 'idle' | 'loading' | 'success' | 'rendered' | 'failed' | 'stopped';

export interface ChartRuntimeState {
  status: ChartLoadStatus;
  error?: unknown;
  /** When the last successful query finished (ms since epoch). */
  updatedAt?: number;
  rowCount?: number;
  /** The dashboard's time range could not narrow this chart (its query has no time column). */
  timeRangeSkipped?: boolean;
}

/** What a host sees when a chart changes state (embedding's chart-state events). */
export interface ChartStateEvent {
  chartId: number;
  state: ChartRuntimeState;
}

export const UNTITLED_DASHBOARD = '[ untitled dashboard ]';
