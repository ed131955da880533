/**
 * Which node labels a graph shows: in a dense graph labels print over each other and none can be read, so
 * a label that would overlap the label of a bigger node is left out (its node's tooltip still names it).
 */
import { estimateLabelWidth } from '../../shared/label-fit';

/** A label to place: its text, its anchor point and alignment as SVG attributes, and its node's weight. */
export interface LabelCandidate {
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  baseline: 'auto' | 'middle' | 'hanging';
  weight: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box a label covers, from an estimate of its width. */
function boxOf(c: LabelCandidate, fontPx: number): Box {
  const w = estimateLabelWidth(c.text, fontPx);
  const x0 = c.anchor === 'start' ? c.x : c.anchor === 'end' ? c.x - w : c.x - w / 2;
  const y0 = c.baseline === 'hanging' ? c.y : c.baseline === 'auto' ? c.y - fontPx : c.y - fontPx / 2;
  return { x0, y0, x1: x0 + w, y1: y0 + fontPx };
}

const overlap = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Indices of the labels to show: heaviest first, each kept unless it overlaps one already kept.
 *
 * @example
 * visibleGraphLabels([{ text: 'Big', x: 0, y: 0, anchor: 'start', baseline: 'middle', weight: 9 }, { text: 'Small', x: 5, y: 2, anchor: 'start', baseline: 'middle', weight: 1 }], 12); // Set {0}
 */
export function visibleGraphLabels(candidates: readonly LabelCandidate[], fontPx: number): Set<number> {
  const boxes = candidates.map((c) => boxOf(c, fontPx));
  const order = candidates.map((_, i) => i).sort((a, b) => candidates[b].weight - candidates[a].weight);
  const kept: number[] = [];
  for (const i of order) if (kept.every((j) => !overlap(boxes[i], boxes[j]))) kept.push(i);
  return new Set(kept);
}
