/**
 * Extra form data and data masks: how native filters, cross filters and embedding hosts change a chart's
 * query without touching its saved form data (names as the incumbent's, so host code ports unchanged).
 */
import type { AdhocFilter } from './form-data-types';
import type { QueryObjectFilterClause } from './query-types';

/** Keys of ExtraFormData whose values are appended when masks are merged. */
export const EXTRA_FORM_DATA_APPEND_KEYS = [
  'adhoc_filters',
  'filters',
  'interactive_groupby',
  'interactive_highlight',
  'interactive_drilldown',
] as const;

/** Keys of ExtraFormData copied onto the query object (later masks win). */
export const EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS = {
  granularity: 'granularity',
  granularity_sqla: 'granularity',
  time_column: 'time_column',
  time_grain: 'time_grain',
  time_range: 'time_range',
} as const;

/** Keys of ExtraFormData copied onto the query object's `extras`. */
export const EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS = ['relative_start', 'relative_end', 'time_grain_sqla'] as const;

/** Every override key (regular + extras). */
export const EXTRA_FORM_DATA_OVERRIDE_KEYS = [
  ...(Object.keys(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS) as Array<keyof typeof EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS>),
  ...EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS,
];

/** Form data a filter contributes to the charts in its scope. */
export interface ExtraFormData {
  filters?: QueryObjectFilterClause[];
  adhoc_filters?: AdhocFilter[];
  interactive_groupby?: string[];
  interactive_highlight?: string[];
  interactive_drilldown?: string[];
  custom_form_data?: Record<string, unknown>;
  granularity?: string;
  granularity_sqla?: string;
  time_column?: string;
  time_grain?: string;
  time_range?: string;
  relative_start?: string;
  relative_end?: string;
  time_grain_sqla?: string;
}

/** Filter-specific UI state (selected value, label, ...). */
export interface FilterState {
  value?: unknown;
  label?: string;
  validateStatus?: 'error' | 'warning' | 'info';
  validateMessage?: string;
  [key: string]: unknown;
}

/** A data mask: what a filter or chart currently asks of others (extraFormData) and of itself (ownState). */
export interface DataMask {
  id?: string;
  extraFormData?: ExtraFormData;
  filterState?: FilterState;
  ownState?: Record<string, unknown>;
}

/** Data masks keyed by native-filter id or, for cross filters, by the emitting chart id. */
export type DataMaskStateWithId = Record<string, DataMask>;
