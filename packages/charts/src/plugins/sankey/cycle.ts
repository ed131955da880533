/**
 * Loop detection over Sankey links. A Sankey lays nodes out in columns from sources to sinks, which a
 * loop (A → B → A, or A → A) makes impossible; the incumbent refuses such data too. Found here, the loop
 * is named in the error the chart shows rather than failing deep inside the layout.
 */

/**
 * The node indices of one loop among the links (first node repeated at the end), or null when there is none.
 *
 * @example
 * findLoop(3, [{ source: 0, target: 1 }, { source: 1, target: 0 }]); // [0, 1, 0]
 */
export function findLoop(nodeCount: number, links: ReadonlyArray<{ source: number; target: number }>): number[] | null {
  const out: number[][] = Array.from({ length: nodeCount }, () => []);
  for (const l of links) out[l.source].push(l.target);
  // 0 unvisited, 1 on the current path, 2 done.
  const state = new Uint8Array(nodeCount);
  const path: number[] = [];
  const visit = (node: number): number[] | null => {
    state[node] = 1;
    path.push(node);
    for (const next of out[node]) {
      if (state[next] === 1) return [...path.slice(path.indexOf(next)), next];
      if (state[next] === 0) {
        const loop = visit(next);
        if (loop) return loop;
      }
    }
    path.pop();
    state[node] = 2;
    return null;
  };
  for (let node = 0; node < nodeCount; node++) {
    if (state[node] !== 0) continue;
    const loop = visit(node);
    if (loop) return loop;
  }
  return null;
}
