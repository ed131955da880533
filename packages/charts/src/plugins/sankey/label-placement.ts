/**
 * Which node labels a Sankey shows: small nodes stacked in one column would print their names on top of
 * each other, so a label is left out when it would overlap a label of a larger node of its column (its
 * node's tooltip still names it).
 */

/** A label candidate: its column's x, its centre y and the height of its node (larger nodes win). */
export interface LabelCandidate {
  x: number;
  y: number;
  weight: number;
}

/**
 * Indices of the candidates to show, largest nodes first, none closer than `lineHeight` to another shown
 * label at the same x.
 *
 * @example
 * visibleLabels([{ x: 0, y: 10, weight: 5 }, { x: 0, y: 14, weight: 1 }, { x: 0, y: 40, weight: 1 }], 12); // Set {0, 2}
 */
export function visibleLabels(candidates: readonly LabelCandidate[], lineHeight: number): Set<number> {
  const order = candidates.map((_, i) => i).sort((a, b) => candidates[b].weight - candidates[a].weight);
  const shown: number[] = [];
  for (const i of order) {
    const c = candidates[i];
    if (shown.every((j) => candidates[j].x !== c.x || Math.abs(candidates[j].y - c.y) >= lineHeight)) shown.push(i);
  }
  return new Set(shown);
}
