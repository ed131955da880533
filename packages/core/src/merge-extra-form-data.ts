/** Combining extra form data (native filters, cross filters) the way the incumbent does. */
import {
  EXTRA_FORM_DATA_APPEND_KEYS,
  EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS,
  EXTRA_FORM_DATA_OVERRIDE_KEYS,
  EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS,
  type ExtraFormData,
} from './extra-form-data-types';
import type { QueryObject } from './query-types';

/**
 * Merges two extra form data: list keys (filters, adhoc_filters, interactive_*) are appended, override keys
 * (time_range, granularity_sqla, time_grain_sqla, ...) take the newer value, custom_form_data is merged
 * key by key.
 *
 * @example
 * mergeExtraFormData({ filters: [a], time_range: 'Last week' }, { filters: [b], time_range: 'Last month' });
 * // { filters: [a, b], time_range: 'Last month' }
 */
export function mergeExtraFormData(original: ExtraFormData = {}, next: ExtraFormData = {}): ExtraFormData {
  const merged: ExtraFormData = {};
  for (const key of EXTRA_FORM_DATA_APPEND_KEYS) {
    const values = [...(original[key] ?? []), ...(next[key] ?? [])];
    if (values.length > 0) (merged as Record<string, unknown>)[key] = values;
  }
  if (original.custom_form_data || next.custom_form_data) {
    merged.custom_form_data = { ...original.custom_form_data, ...next.custom_form_data };
  }
  for (const key of EXTRA_FORM_DATA_OVERRIDE_KEYS) {
    const value = next[key] !== undefined ? next[key] : original[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/**
 * Applies extra-form-data overrides to a query object: regular keys onto the object (granularity_sqla
 * lands in `granularity`), relative_start/relative_end/time_grain_sqla into `extras`.
 *
 * @example
 * overrideExtraFormData({ time_range: 'No filter' }, { time_range: 'Last week' }); // { time_range: 'Last week' }
 */
export function overrideExtraFormData(queryObject: QueryObject, overrides: ExtraFormData): QueryObject {
  const result: QueryObject = { ...queryObject };
  const extras = { ...queryObject.extras };
  for (const [key, target] of Object.entries(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS)) {
    const value = overrides[key as keyof typeof EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS];
    if (value !== undefined) result[target] = value;
  }
  for (const key of EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS) {
    if (overrides[key] !== undefined) extras[key] = overrides[key];
  }
  if (Object.keys(extras).length > 0) result.extras = extras;
  return result;
}
