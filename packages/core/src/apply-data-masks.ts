/**
 * Native filters and cross filters reach a chart as data masks: each applicable mask's extraFormData is
 * merged into the chart's form data `extra_form_data`, which buildQueryObject then applies.
 */
import type { DataMask } from './extra-form-data-types';
import type { QueryFormData } from './form-data-types';
import { mergeExtraFormData } from './merge-extra-form-data';

/**
 * Which charts each filter applies to, keyed by native-filter id (or by emitting chart id for cross
 * filters): the chart ids in scope (already resolved from scope, immune list, chartsInScope).
 */
export type FilterScopes = Readonly<Record<string, ReadonlyArray<number> | { chartsInScope?: ReadonlyArray<number> }>>;

function chartsInScope(scope: FilterScopes[string] | undefined): ReadonlyArray<number> | undefined {
  if (!scope) return undefined;
  return Array.isArray(scope) ? scope : (scope as { chartsInScope?: ReadonlyArray<number> }).chartsInScope;
}

/**
 * Returns form data with every applicable data mask merged into `extra_form_data`, in the key order of
 * `dataMasks` (JS puts integer-like keys, i.e. cross filters keyed by chart id, first). A mask applies when its scope lists the chart; a mask with no known scope is skipped
 * (applying an unscoped filter everywhere would be a silent wrong answer), and a cross filter never
 * applies to the chart that emitted it.
 *
 * @example
 * applyDataMasks(formData, { 'NATIVE_FILTER-1': { extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] } } },
 *   12, { 'NATIVE_FILTER-1': [12, 13] });
 * // { ...formData, extra_form_data: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] } }
 */
export function applyDataMasks(
  formData: QueryFormData,
  dataMasks: Readonly<Record<string, DataMask>>,
  chartId: number,
  nativeFilterScopes: FilterScopes,
): QueryFormData {
  let extra = formData.extra_form_data;
  let applied = false;
  for (const [key, mask] of Object.entries(dataMasks)) {
    const id = mask.id ?? key;
    if (id === String(chartId) || !mask.extraFormData) continue;
    const scope = chartsInScope(nativeFilterScopes[id]);
    if (!scope?.includes(chartId)) continue;
    extra = mergeExtraFormData(extra, mask.extraFormData);
    applied = true;
  }
  return applied ? { ...formData, extra_form_data: extra } : formData;
}
