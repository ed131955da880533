/**
 * Pure helpers of the filter config modal: new filters and dividers, the change set PUT
 * /api/v1/dashboard/{id}/filters expects ({deleted, modified, reordered}) and which filter to focus when
 * validation fails (spec 2 §5: the first errored filter, unless it is already the current one).
 */
import { GLOBAL_FILTER_SCOPE, NATIVE_FILTER, NATIVE_FILTER_DIVIDER, type NativeFilter, type NativeFilterConfig, type NativeFilterDivider, type NativeFilterIssue } from '@lumen-bi/core';
import type { FilterChanges } from './dashboard-api';

export const CROSS_FILTER_SAVE_FAILED = 'Failed to save cross-filter scoping';

const randomId = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36).slice(-4);

export function newNativeFilter(): NativeFilter {
  return {
    id: `NATIVE_FILTER-${randomId()}`,
    type: NATIVE_FILTER,
    name: '',
    filterType: 'filter_select',
    targets: [{}],
    controlValues: { multiSelect: true, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false, searchAllOptions: false },
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: [],
    scope: { ...GLOBAL_FILTER_SCOPE, rootPath: [...GLOBAL_FILTER_SCOPE.rootPath], excluded: [] },
    description: '',
  };
}

export function newDivider(): NativeFilterDivider {
  return { id: `NATIVE_FILTER_DIVIDER-${randomId()}`, type: NATIVE_FILTER_DIVIDER, title: '', description: '' };
}

/**
 * The change set between the saved configuration and the edited list (deleted ids excluded from it).
 *
 * @example
 * filterChanges([a, b], [b2, c], ['A']); // { deleted: ['A'], modified: [b2, c], reordered: ['B', 'C'] }
 */
export function filterChanges(original: readonly NativeFilterConfig[], edited: readonly NativeFilterConfig[], deleted: readonly string[]): FilterChanges {
  const before = new Map(original.map((f) => [f.id, JSON.stringify(f)]));
  const deletedSet = new Set(deleted);
  const kept = edited.filter((f) => !deletedSet.has(f.id));
  const modified = kept.filter((f) => before.get(f.id) !== JSON.stringify(f));
  const originalOrder = original.filter((f) => !deletedSet.has(f.id)).map((f) => f.id);
  const order = kept.map((f) => f.id);
  const reordered = JSON.stringify(originalOrder) === JSON.stringify(order.filter((id) => before.has(id))) ? [] : order;
  return { deleted: [...deletedSet].filter((id) => before.has(id)), modified, reordered };
}

/** The filter to focus after a failed validation, or null when the current one is already errored. */
export function filterToFocus(issues: readonly NativeFilterIssue[], order: readonly string[], currentId: string | null): string | null {
  if (issues.length === 0) return null;
  const errored = new Set(issues.map((i) => i.filterId));
  if (currentId && errored.has(currentId)) return null;
  return order.find((id) => errored.has(id)) ?? issues[0].filterId;
}

/** Moves the filter at `from` to `to` (reorder by the arrows of the list). */
export function reorder<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (to < 0 || to >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}
