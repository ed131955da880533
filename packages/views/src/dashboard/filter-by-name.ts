/**
 * Hosts set filters by the name a viewer sees (`setFilter('Country', ['France'])`) or by the column they
 * filter, not by the generated `NATIVE_FILTER-…` ids. Names and values come from another page (and, on
 * the iframe route, over postMessage), so both are validated here before anything reaches the store; the
 * errors name what was asked and list what the dashboard has.
 */
import type { NativeFilter, NativeFilterConfig } from '@lumen-bi/core';
import { filterColumn, isNativeFilter } from './filter-data-masks';

/** A value a host may give: a list (select), `[min, max]` (range), a string (time range, grain, column), or null to clear. */
export type FilterValues = readonly (string | number | boolean | null)[] | string | number | boolean | null;

export type FilterNameErrorCode = 'UNKNOWN_FILTER' | 'AMBIGUOUS_FILTER' | 'INVALID_FILTER_VALUE';

/** Raised (and, through the elements and the iframe SDK, a rejected promise) when a filter cannot be set. */
export class FilterNameError extends Error {
  override name = 'FilterNameError';
  constructor(
    readonly code: FilterNameErrorCode,
    message: string,
    /** The names asked for that match no filter. */
    readonly unknownFilters: string[],
    /** The dashboard's filters, as `Name (column)`. */
    readonly knownFilters: string[],
  ) {
    super(message);
  }
}

const MAX_NAME = 256;
const MAX_VALUES = 1_000;
const MAX_STRING = 1_000;

/** How a filter is listed in messages: its name and, when it reads one, its column. */
function describeFilter(filter: NativeFilter): string {
  const column = filterColumn(filter);
  return column && column !== filter.name ? `${filter.name} (${column})` : filter.name;
}

/** What the dashboard has, for the error messages (and for hosts building a UI). */
export function knownFilterNames(filters: readonly NativeFilterConfig[]): string[] {
  return filters.filter(isNativeFilter).map(describeFilter);
}

function unknownFilter(asked: string, filters: readonly NativeFilterConfig[]): FilterNameError {
  const known = knownFilterNames(filters);
  const listed = known.length ? `Known filters: ${known.join(', ')}` : 'This dashboard has no native filters';
  return new FilterNameError('UNKNOWN_FILTER', `Unknown filter "${asked}". ${listed}.`, [asked], known);
}

/**
 * The filter named `name`: its native filter name first (exactly, then ignoring case), else the column it
 * filters. A column filtered by several filters is ambiguous: the host must use a name.
 *
 * @example
 * findFilterByName(filters, 'Country').id; // 'NATIVE_FILTER-x1'
 * findFilterByName(filters, 'country').id; // the same, by column
 */
export function findFilterByName(filters: readonly NativeFilterConfig[], name: unknown): NativeFilter {
  if (typeof name !== 'string' || !name.trim() || name.length > MAX_NAME) {
    throw new FilterNameError('UNKNOWN_FILTER', `A filter name must be a non-empty string of at most ${MAX_NAME} characters`, [String(name).slice(0, MAX_NAME)], knownFilterNames(filters));
  }
  const asked = name.trim();
  const native = filters.filter(isNativeFilter);
  const lower = asked.toLowerCase();
  const byName = native.find((f) => f.name === asked) ?? native.find((f) => f.name.trim().toLowerCase() === lower);
  if (byName) return byName;
  const byColumn = native.filter((f) => filterColumn(f) === asked);
  const matches = byColumn.length ? byColumn : native.filter((f) => filterColumn(f)?.toLowerCase() === lower);
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    const names = matches.map((f) => f.name);
    throw new FilterNameError('AMBIGUOUS_FILTER', `Column "${asked}" is filtered by several filters (${names.join(', ')}): set one by its name`, [], knownFilterNames(filters));
  }
  throw unknownFilter(asked, filters);
}

const isScalar = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= MAX_STRING);

function invalid(filter: NativeFilter, expected: string): FilterNameError {
  return new FilterNameError('INVALID_FILTER_VALUE', `Filter "${filter.name}" (${filter.filterType}) takes ${expected}`, [], []);
}

/**
 * The value to store for `filter`, checked against its type; null clears it.
 *
 * @example
 * filterValueFor(countryFilter, ['France']); // ['France']
 * filterValueFor(countryFilter, 'France');   // ['France']
 * filterValueFor(rangeFilter, [1, 10]);      // [1, 10]
 */
export function filterValueFor(filter: NativeFilter, values: unknown): unknown {
  if (values === null || values === undefined || (Array.isArray(values) && values.length === 0)) return null;
  switch (filter.filterType) {
    case 'filter_select': {
      const list = Array.isArray(values) ? values : [values];
      if (list.length > MAX_VALUES || !list.every(isScalar)) throw invalid(filter, `a list of at most ${MAX_VALUES} strings, numbers or booleans`);
      return list;
    }
    case 'filter_range': {
      const ok = Array.isArray(values) && values.length === 2 && values.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v)));
      if (!ok) throw invalid(filter, '[min, max] (numbers, or null for an open end)');
      const [min, max] = values as [number | null, number | null];
      if (min !== null && max !== null && !(min < max)) throw invalid(filter, '[min, max] with min < max');
      return values;
    }
    default: {
      const single = Array.isArray(values) && values.length === 1 ? values[0] : values;
      if (typeof single !== 'string' || !single.trim() || single.length > MAX_STRING) throw invalid(filter, 'one string');
      return single;
    }
  }
}
