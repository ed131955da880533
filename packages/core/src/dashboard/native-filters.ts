/**
 * Native filter configuration (spec 2 §3) and its shape check. The check is shared: the filter config
 * modal shows the messages per field, the server refuses a save carrying them.
 */
import type { DataMask } from '../extra-form-data-types';
import { findCascadeCycle } from './cascade-cycles';
import type { FilterScope } from './filter-scope';

export const NATIVE_FILTER_TYPES = ['filter_select', 'filter_range', 'filter_time', 'filter_timegrain', 'filter_timecolumn'] as const;
export type NativeFilterType = (typeof NATIVE_FILTER_TYPES)[number];
export const NATIVE_FILTER = 'NATIVE_FILTER';
export const NATIVE_FILTER_DIVIDER = 'DIVIDER';
/** Filter types that read no column: they pick a time range, grain or column of the target dataset. */
const COLUMNLESS: readonly string[] = ['filter_time', 'filter_timegrain', 'filter_timecolumn'];

export interface NativeFilterTarget {
  datasetId?: number;
  /** Exported bundles reference the dataset by uuid instead. */
  datasetUuid?: string;
  column?: { name: string; displayName?: string };
}

export interface NativeFilter {
  id: string;
  type: typeof NATIVE_FILTER;
  name: string;
  filterType: NativeFilterType;
  targets: NativeFilterTarget[];
  controlValues?: Record<string, unknown>;
  defaultDataMask?: DataMask;
  cascadeParentIds?: string[];
  scope: FilterScope;
  adhoc_filters?: unknown[];
  time_range?: string;
  granularity_sqla?: string;
  requiredFirst?: boolean;
  sortMetric?: string | null;
  description?: string;
  chartsInScope?: number[];
  tabsInScope?: string[];
  [key: string]: unknown;
}

export interface NativeFilterDivider {
  id: string;
  type: typeof NATIVE_FILTER_DIVIDER;
  title: string;
  description?: string;
  scope?: FilterScope;
  [key: string]: unknown;
}

export type NativeFilterConfig = NativeFilter | NativeFilterDivider;

/** One problem with one filter: the filter id (or index when it has none), the field and the message. */
export interface NativeFilterIssue {
  filterId: string;
  field: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function checkScope(id: string, scope: unknown, issues: NativeFilterIssue[], required: boolean): void {
  if (scope === undefined && !required) return;
  if (!isObject(scope)) {
    issues.push({ filterId: id, field: 'scope', message: 'scope must be an object with rootPath and excluded' });
    return;
  }
  if (!isStringArray(scope.rootPath)) issues.push({ filterId: id, field: 'scope.rootPath', message: 'scope.rootPath must be a list of layout component ids' });
  if (!Array.isArray(scope.excluded) || !scope.excluded.every((x) => Number.isInteger(x))) {
    issues.push({ filterId: id, field: 'scope.excluded', message: 'scope.excluded must be a list of chart ids' });
  }
}

/**
 * Problems with one filter's shape (ids, name, type, targets, scope, cascade parents' type); empty when
 * valid. Cross-filter rules (unique ids, parents existing, cycles) are in `validateNativeFilters`.
 *
 * @example
 * validateNativeFilter({ id: 'NATIVE_FILTER-1', type: 'NATIVE_FILTER', name: '', filterType: 'filter_select', targets: [], scope });
 * // [{ filterId: 'NATIVE_FILTER-1', field: 'name', message: 'Name is required' }]
 */
export function validateNativeFilter(filter: unknown, index = 0): NativeFilterIssue[] {
  const issues: NativeFilterIssue[] = [];
  if (!isObject(filter)) return [{ filterId: `#${index}`, field: '', message: 'A filter must be an object' }];
  const id = typeof filter.id === 'string' && filter.id.trim() !== '' ? filter.id : `#${index}`;
  if (id.startsWith('#')) issues.push({ filterId: id, field: 'id', message: 'id is required' });
  if (filter.type === NATIVE_FILTER_DIVIDER) {
    if (typeof filter.title !== 'string' || filter.title.trim() === '') issues.push({ filterId: id, field: 'title', message: 'Title is required' });
    checkScope(id, filter.scope, issues, false);
    return issues;
  }
  if (filter.type !== NATIVE_FILTER) {
    issues.push({ filterId: id, field: 'type', message: `type must be ${NATIVE_FILTER} or ${NATIVE_FILTER_DIVIDER}` });
    return issues;
  }
  if (typeof filter.name !== 'string' || filter.name.trim() === '') issues.push({ filterId: id, field: 'name', message: 'Name is required' });
  if (!(NATIVE_FILTER_TYPES as readonly unknown[]).includes(filter.filterType)) {
    issues.push({ filterId: id, field: 'filterType', message: `filterType must be one of ${NATIVE_FILTER_TYPES.join(', ')}` });
  }
  if (!Array.isArray(filter.targets)) {
    issues.push({ filterId: id, field: 'targets', message: 'targets must be a list' });
  } else {
    filter.targets.forEach((t, i) => {
      if (!isObject(t)) {
        issues.push({ filterId: id, field: `targets[${i}]`, message: 'A target must be an object' });
        return;
      }
      // A time-range filter may have no dataset at all; every other filter reads one.
      const needsDataset = filter.filterType !== 'filter_time';
      if (t.datasetId !== undefined ? !Number.isInteger(t.datasetId) : needsDataset && typeof t.datasetUuid !== 'string') {
        issues.push({ filterId: id, field: `targets[${i}].datasetId`, message: 'Dataset is required' });
      }
      const needsColumn = !COLUMNLESS.includes(filter.filterType as string);
      const column = t.column;
      if (column !== undefined && !(isObject(column) && typeof column.name === 'string')) {
        issues.push({ filterId: id, field: `targets[${i}].column`, message: 'column must be an object with a name' });
      } else if (needsColumn && column === undefined) {
        issues.push({ filterId: id, field: `targets[${i}].column`, message: 'Column is required' });
      }
    });
  }
  if (filter.cascadeParentIds !== undefined && !isStringArray(filter.cascadeParentIds)) {
    issues.push({ filterId: id, field: 'cascadeParentIds', message: 'cascadeParentIds must be a list of filter ids' });
  }
  checkScope(id, filter.scope, issues, true);
  if (filter.controlValues !== undefined && !isObject(filter.controlValues)) {
    issues.push({ filterId: id, field: 'controlValues', message: 'controlValues must be an object' });
  }
  if (filter.defaultDataMask !== undefined && !isObject(filter.defaultDataMask)) {
    issues.push({ filterId: id, field: 'defaultDataMask', message: 'defaultDataMask must be an object' });
  }
  return issues;
}

/**
 * Problems with a whole native_filter_configuration: each filter's shape, duplicate ids, cascade parents
 * that are not filters of the dashboard, and dependency cycles (message names the cycle).
 *
 * @example
 * validateNativeFilters([a, b]); // [{ filterId: 'A', field: 'cascadeParentIds', message: 'Cyclic filter dependency: A -> B -> A' }]
 */
export function validateNativeFilters(filters: readonly unknown[]): NativeFilterIssue[] {
  const issues = filters.flatMap((f, i) => validateNativeFilter(f, i));
  const ids = new Set<string>();
  for (const f of filters) {
    if (!isObject(f) || typeof f.id !== 'string') continue;
    if (ids.has(f.id)) issues.push({ filterId: f.id, field: 'id', message: `Duplicate filter id ${f.id}` });
    ids.add(f.id);
  }
  const nodes: { id: string; cascadeParentIds: string[] }[] = [];
  for (const f of filters) {
    if (!isObject(f) || typeof f.id !== 'string' || !isStringArray(f.cascadeParentIds)) continue;
    for (const parent of f.cascadeParentIds) {
      if (!ids.has(parent)) issues.push({ filterId: f.id, field: 'cascadeParentIds', message: `Parent filter ${parent} does not exist` });
    }
    nodes.push({ id: f.id, cascadeParentIds: f.cascadeParentIds });
  }
  const cycle = findCascadeCycle(nodes);
  if (cycle) issues.push({ filterId: cycle[0], field: 'cascadeParentIds', message: `Cyclic filter dependency: ${cycle.join(' -> ')}` });
  return issues;
}

/**
 * Applies a filter-config change set the way the incumbent's PUT /dashboard/{id}/filters does: drop the
 * deleted ids, replace modified filters in place (new ones are appended), then order by `reordered`
 * (ids not listed keep their relative order after the listed ones).
 *
 * @example
 * applyFilterChanges(current, { deleted: ['A'], modified: [b2], reordered: ['C', 'B'] });
 */
export function applyFilterChanges<F extends { id: string }>(
  current: readonly F[],
  changes: { deleted?: readonly string[]; modified?: readonly F[]; reordered?: readonly string[] },
): F[] {
  const deleted = new Set(changes.deleted ?? []);
  let out = current.filter((f) => !deleted.has(f.id));
  for (const m of changes.modified ?? []) {
    if (deleted.has(m.id)) continue;
    const at = out.findIndex((f) => f.id === m.id);
    if (at >= 0) out[at] = m;
    else out = [...out, m];
  }
  const order = changes.reordered ?? [];
  if (order.length === 0) return out;
  const rank = new Map(order.map((id, i) => [id, i]));
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (rank.get(a.f.id) ?? order.length + a.i) - (rank.get(b.f.id) ?? order.length + b.i))
    .map(({ f }) => f);
}
