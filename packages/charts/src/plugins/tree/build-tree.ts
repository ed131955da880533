/**
 * Rows of (id, parent, name, value) -> one tree, the incumbent's way: from the row whose id is the root id,
 * or, without one, from the candidate root (the only child of some parent) whose tree is largest. Rows
 * whose parent is not in the data are left out; a row is placed once, so bad data (loops) cannot make
 * an endless tree.
 */

/** One row as the tree reads it. */
export interface TreeRow {
  id: string;
  parent: string | null;
  name: string;
  value: number | null;
}

/** A plain tree node before formatting. */
export interface TreeDraft {
  key: string;
  name: string;
  value: number | null;
  children: TreeDraft[];
}

/** The tree under `rootId`: the root named after its row, every row below it by parent id. */
function treeFrom(rows: readonly TreeRow[], childrenOf: Map<string, TreeRow[]>, rootId: string): TreeDraft | null {
  const rootRow = rows.find((r) => r.id === rootId);
  if (!rootRow) return null;
  const placed = new Set<string>([rootId]);
  const grow = (id: string): TreeDraft[] => {
    const out: TreeDraft[] = [];
    for (const r of childrenOf.get(id) ?? []) {
      if (placed.has(r.id)) continue;
      placed.add(r.id);
      out.push({ key: r.id, name: r.name, value: r.value, children: grow(r.id) });
    }
    return out;
  };
  // The root shows no value: the incumbent's root is named after its row but carries none of its metric.
  return { key: rootId, name: rootRow.name, value: null, children: grow(rootId) };
}

const size = (t: TreeDraft): number => t.children.reduce((n, c) => n + size(c), 1);

/**
 * @example
 * buildTree([{ id: '1', parent: null, name: 'USA', value: 1 }, { id: '2', parent: '1', name: 'CA', value: 10 }], '1');
 * // { key: '1', name: 'USA', value: null, children: [{ key: '2', name: 'CA', value: 10, children: [] }] }
 */
export function buildTree(rows: readonly TreeRow[], rootId: string | null): TreeDraft | null {
  const childrenOf = new Map<string, TreeRow[]>();
  for (const r of rows) {
    const key = r.parent ?? '';
    const siblings = childrenOf.get(key);
    if (siblings) siblings.push(r);
    else childrenOf.set(key, [r]);
  }
  if (rootId !== null) return treeFrom(rows, childrenOf, rootId);
  let best: TreeDraft | null = null;
  for (const children of childrenOf.values()) {
    if (children.length !== 1) continue;
    const candidate = treeFrom(rows, childrenOf, children[0].id);
    if (candidate && (!best || size(candidate) > size(best))) best = candidate;
  }
  return best;
}
