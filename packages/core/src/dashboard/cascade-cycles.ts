/**
 * Native filters may depend on parent filters (cascadeParentIds): a child's values are narrowed by its
 * parents' selections. A cycle would make the filter bar wait on itself forever, so saves reject it.
 */

export interface CascadeNode {
  id: string;
  cascadeParentIds?: readonly string[];
}

/**
 * The first dependency cycle among the filters, as the path of ids that closes it (first id repeated at
 * the end), or null. Parents that are not among the filters are ignored here (checked elsewhere).
 *
 * @example
 * findCascadeCycle([{ id: 'A', cascadeParentIds: ['B'] }, { id: 'B', cascadeParentIds: ['A'] }]); // ['A', 'B', 'A']
 */
export function findCascadeCycle(filters: readonly CascadeNode[]): string[] | null {
  const parentsOf = new Map(filters.map((f) => [f.id, f.cascadeParentIds ?? []]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    const s = state.get(id);
    if (s === 'done') return null;
    if (s === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const parent of parentsOf.get(id) ?? []) {
      if (!parentsOf.has(parent)) continue;
      const cycle = visit(parent);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return null;
  };
  for (const f of filters) {
    const cycle = visit(f.id);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Whether making `parentId` a parent of `childId` would close a cycle (the filter config modal greys out
 * such parents).
 *
 * @example
 * wouldCreateCascadeCycle(filters, 'A', 'B'); // true when A is already an ancestor of B
 */
export function wouldCreateCascadeCycle(filters: readonly CascadeNode[], childId: string, parentId: string): boolean {
  if (childId === parentId) return true;
  const next = filters.map((f) => (f.id === childId ? { ...f, cascadeParentIds: [...(f.cascadeParentIds ?? []), parentId] } : f));
  return findCascadeCycle(next) !== null;
}
