/**
 * Native filter value -> data mask (spec 2 §3: {id, extraFormData, filterState, ownState}). Pure, so the
 * store, the filter bar and the tests agree on what each filter type asks of the charts in its scope.
 */
import type { DataMask, DataMaskStateWithId, ExtraFormData, NativeFilter, NativeFilterConfig } from '@lumen-bi/core';
import { NATIVE_FILTER } from '@lumen-bi/core';

export const RANGE_ORDER_MESSAGE = 'Minimum must be strictly less than maximum';
export const REQUIRED_FILTER_MESSAGE = 'This filter is required';

export const isNativeFilter = (f: NativeFilterConfig): f is NativeFilter => f.type === NATIVE_FILTER;

const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && (value.length === 0 || value.every((v) => v === null || v === undefined)));

/** Column a filter reads (first target). */
export const filterColumn = (filter: NativeFilter): string | undefined => filter.targets?.[0]?.column?.name;

/** Whether a value must be chosen before Apply (the incumbent's enableEmptyFilter). */
export const isRequiredFilter = (filter: NativeFilter): boolean => Boolean(filter.controlValues?.enableEmptyFilter);

/** Whether the filter picks its first option when nothing is chosen (requiredFirst / defaultToFirstItem). */
export const selectsFirstItem = (filter: NativeFilter): boolean => Boolean(filter.requiredFirst || filter.controlValues?.defaultToFirstItem);

/** Checks a range value; returns the message to show or null. */
export function validateRange(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const [min, max] = value as [number | null | undefined, number | null | undefined];
  if (typeof min === 'number' && typeof max === 'number' && !(min < max)) return RANGE_ORDER_MESSAGE;
  return null;
}

/**
 * The data mask a filter contributes for a value. Empty values give an empty extraFormData so the filter
 * stops narrowing the charts but keeps its entry (hosts observing masks see it was cleared).
 *
 * @example
 * filterValueToDataMask(countryFilter, ['FR']);
 * // { id: 'NATIVE_FILTER-1', extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] }, filterState: { value: ['FR'], label: 'FR' }, ownState: {} }
 */
export function filterValueToDataMask(filter: NativeFilter, value: unknown): DataMask {
  const base: DataMask = { id: filter.id, extraFormData: {}, filterState: { value: isEmptyValue(value) ? null : value }, ownState: {} };
  if (isEmptyValue(value)) return base;
  const col = filterColumn(filter);
  const extra: ExtraFormData = {};
  let label: string | undefined;
  switch (filter.filterType) {
    case 'filter_select': {
      if (!col) return base;
      const values = Array.isArray(value) ? value : [value];
      const inverse = Boolean(filter.controlValues?.inverseSelection);
      extra.filters = [{ col, op: inverse ? 'NOT IN' : 'IN', val: values as (string | number | boolean)[] }];
      label = values.map(String).join(', ');
      break;
    }
    case 'filter_range': {
      if (!col || !Array.isArray(value)) return base;
      const [min, max] = value as [number | null, number | null];
      const filters: NonNullable<ExtraFormData['filters']> = [];
      if (typeof min === 'number') filters.push({ col, op: '>=', val: min });
      if (typeof max === 'number') filters.push({ col, op: '<=', val: max });
      if (filters.length) extra.filters = filters;
      label = `${min ?? ''} ≤ x ≤ ${max ?? ''}`;
      break;
    }
    case 'filter_time':
      extra.time_range = String(value);
      label = String(value);
      break;
    case 'filter_timegrain':
      extra.time_grain_sqla = String(value);
      label = String(value);
      break;
    case 'filter_timecolumn':
      extra.granularity_sqla = String(value);
      label = String(value);
      break;
  }
  return { ...base, extraFormData: extra, filterState: { value, label } };
}

/** The filter's current value from a data mask. */
export const dataMaskValue = (mask: DataMask | undefined): unknown => mask?.filterState?.value ?? null;

/**
 * Initial masks: each filter's defaultDataMask (value rebuilt through filterValueToDataMask so the
 * extraFormData is always consistent), then the host's or permalink's masks on top.
 */
export function initialDataMasks(filters: readonly NativeFilterConfig[], override: DataMaskStateWithId = {}): DataMaskStateWithId {
  const out: DataMaskStateWithId = {};
  for (const f of filters) {
    if (!isNativeFilter(f)) continue;
    const fromHost = override[f.id];
    const value = fromHost ? dataMaskValue(fromHost) : dataMaskValue(f.defaultDataMask);
    out[f.id] = fromHost?.extraFormData && !fromHost.filterState ? { id: f.id, ...fromHost } : filterValueToDataMask(f, value);
  }
  // Cross filters and masks of unknown ids (a host setting a chart's mask) are kept as given.
  for (const [id, mask] of Object.entries(override)) if (!(id in out)) out[id] = { id, ...mask };
  return out;
}

/** Required filters without a value: Apply stays disabled and the charts wait (spec 2 §3 requiredFirst). */
export function missingRequiredFilters(filters: readonly NativeFilterConfig[], masks: DataMaskStateWithId): string[] {
  return filters.filter(isNativeFilter).filter((f) => isRequiredFilter(f) && isEmptyValue(dataMaskValue(masks[f.id]))).map((f) => f.id);
}

/**
 * The extraFormData of a filter's cascade parents, merged: a child's options are queried under its
 * parents' current selections.
 */
export function parentExtraFormData(filter: NativeFilter, masks: DataMaskStateWithId): ExtraFormData {
  const filters: NonNullable<ExtraFormData['filters']> = [];
  let time_range: string | undefined;
  for (const parentId of filter.cascadeParentIds ?? []) {
    const extra = masks[parentId]?.extraFormData;
    if (extra?.filters) filters.push(...extra.filters);
    if (extra?.time_range) time_range = extra.time_range;
  }
  return { ...(filters.length ? { filters } : {}), ...(time_range ? { time_range } : {}) };
}

/** Ids of the filters that (transitively) cascade from `id`. */
export function cascadeChildren(filters: readonly NativeFilterConfig[], id: string): string[] {
  const out: string[] = [];
  const visit = (parent: string) => {
    for (const f of filters) {
      if (isNativeFilter(f) && f.cascadeParentIds?.includes(parent) && !out.includes(f.id)) {
        out.push(f.id);
        visit(f.id);
      }
    }
  };
  visit(id);
  return out;
}

/** Whether two mask states differ in what they ask of charts (filter bar's "unapplied changes"). */
export function masksDiffer(a: DataMaskStateWithId, b: DataMaskStateWithId): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (JSON.stringify(a[k]?.extraFormData ?? {}) !== JSON.stringify(b[k]?.extraFormData ?? {})) return true;
  return false;
}
