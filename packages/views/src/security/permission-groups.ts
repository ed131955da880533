import type { PermissionPair } from './permission-pairs';

/** The pairs of one view (resource), as the checklist groups them. */
export interface PairGroup {
  view: string;
  pairs: PermissionPair[];
}

/**
 * A line of the checklist: a view's heading, one of its pairs, or a view with a single pair on one line
 * (each datasource_access pair has a view of its own: a heading for each would double the list).
 */
export type ChecklistLine = { kind: 'group'; group: PairGroup } | { kind: 'pair'; pair: PermissionPair } | { kind: 'single'; pair: PermissionPair };

/**
 * The pairs whose permission or view contains every word of the search (any case), so 'read chart' finds
 * can_read on Chart.
 */
export function pairsMatching(pairs: readonly PermissionPair[], search: string): PermissionPair[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...pairs];
  return pairs.filter((p) => {
    const text = `${p.permission} ${p.view}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Data-access views ('[examples].[sales](id:3)') after the application's views (Chart, Dashboard, ...). */
const isDataView = (view: string) => view.startsWith('[');
const viewOrder = (a: string, b: string) => Number(isDataView(a)) - Number(isDataView(b)) || a.localeCompare(b);

/** Groups by view, the application's views first, then in alphabetical order; permissions alphabetically. */
export function groupByView(pairs: readonly PermissionPair[]): PairGroup[] {
  const groups = new Map<string, PermissionPair[]>();
  for (const pair of pairs) {
    const list = groups.get(pair.view);
    if (list) list.push(pair);
    else groups.set(pair.view, [pair]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => viewOrder(a, b))
    .map(([view, list]) => ({ view, pairs: list.sort((a, b) => a.permission.localeCompare(b.permission)) }));
}

/** The groups as lines, each heading followed by its pairs (what the windowed list draws). */
export const checklistLines = (groups: readonly PairGroup[]): ChecklistLine[] =>
  groups.flatMap((group): ChecklistLine[] =>
    group.pairs.length === 1 ? [{ kind: 'single', pair: group.pairs[0] }] : [{ kind: 'group', group }, ...group.pairs.map((pair) => ({ kind: 'pair', pair }) as const)],
  );

/** How many of the group's pairs are selected. */
export const selectedIn = (group: PairGroup, selected: ReadonlySet<number>) => group.pairs.filter((p) => selected.has(p.id)).length;

/**
 * Select all of a group, or clear it when all its pairs are selected already.
 *
 * @example
 * toggleGroup(new Set([1]), { view: 'Chart', pairs: [pair1, pair2] }); // Set {1, 2}
 */
export function toggleGroup(selected: ReadonlySet<number>, group: PairGroup): Set<number> {
  const next = new Set(selected);
  const all = selectedIn(group, selected) === group.pairs.length;
  for (const pair of group.pairs) {
    if (all) next.delete(pair.id);
    else next.add(pair.id);
  }
  return next;
}

/** Adds or removes one pair. */
export function togglePair(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
