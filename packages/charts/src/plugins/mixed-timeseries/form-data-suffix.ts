/**
 * The mixed chart saves query B's controls beside query A's with a `_b` suffix (metrics_b, groupby_b,
 * adhoc_filters_b, ...); controls without a B twin (x_axis, time_grain_sqla, time_range) are shared. These
 * split one form data into the form data of each query, as the incumbent does.
 */
import type { QueryFormData } from '@lumen-bi/core';

/** The suffix of query B's controls. */
export const QUERY_B_SUFFIX = '_b';

/**
 * Query A's form data: every key but the suffixed ones.
 *
 * @example
 * withoutSuffix({ metrics: ['count'], metrics_b: ['sum'], x_axis: 'ds' }); // { metrics: ['count'], x_axis: 'ds' }
 */
export function withoutSuffix<FD extends Partial<QueryFormData>>(formData: FD, suffix = QUERY_B_SUFFIX): FD {
  return Object.fromEntries(Object.entries(formData).filter(([key]) => !key.endsWith(suffix))) as FD;
}

/**
 * Query B's form data: the suffixed keys under their plain names, over the shared ones.
 *
 * @example
 * withSuffix({ metrics: ['count'], metrics_b: ['sum'], x_axis: 'ds' }); // { metrics: ['sum'], x_axis: 'ds' }
 */
export function withSuffix<FD extends Partial<QueryFormData>>(formData: FD, suffix = QUERY_B_SUFFIX): FD {
  const entries = Object.entries(formData);
  const own = entries.filter(([key]) => key.endsWith(suffix)).map(([key, value]) => [key.slice(0, -suffix.length), value]);
  return { ...Object.fromEntries(entries.filter(([key]) => !key.endsWith(suffix))), ...Object.fromEntries(own) } as FD;
}

/**
 * Only the suffixed keys, under their plain names: what query B's controls alone say (a B control's
 * visibility must not follow query A's value of the same control).
 *
 * @example
 * suffixedOnly({ rolling_type: 'mean', rolling_type_b: 'None' }); // { rolling_type: 'None' }
 */
export function suffixedOnly(formData: Partial<QueryFormData>, suffix = QUERY_B_SUFFIX): Partial<QueryFormData> {
  return Object.fromEntries(Object.entries(formData).flatMap(([key, value]) => (key.endsWith(suffix) ? [[key.slice(0, -suffix.length), value]] : [])));
}
