/**
 * Where a pie's labels go so none is clipped at the card's edges. Outside labels get room first (the pie
 * shrinks, down to a floor), sit at the end of a short leader line and are cut to the room left on their
 * side; labels that would overlap a neighbour, or have no room at all, are hidden: the slice's tooltip and
 * the legend still give its name and value.
 */
import { estimateLabelWidth, truncateLabel } from '../../shared/label-fit';

export interface PieLabelInput {
  width: number;
  height: number;
  /** Label per slice ('' = none) and the slice's mid angle (radians, clockwise from 12 o'clock). */
  labels: Array<{ text: string; mid: number }>;
  outside: boolean;
  fontPx: number;
  /** Radii before making room for labels. */
  r0: number;
  r1: number;
}

export interface PlacedPieLabel {
  index: number;
  text: string;
  /** The full label when `text` was cut. */
  full: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** Leader line from the slice's edge to the label (outside labels). */
  leader?: { x1: number; y1: number; x2: number; y2: number };
}

/** Gap between the pie and an outside label (leader line length plus a little air). */
const LEADER = 12;
/** Outside labels may shrink the pie to this share of its radius, no further. */
const MIN_RADIUS_SHARE = 0.5;
/** Widest an outside label may claim when the pie makes room for it. */
const MAX_LABEL_SHARE = 0.3;

/**
 * The outer radius after making room for outside labels within the card.
 *
 * @example
 * pieRadius({ width: 300, height: 300, labels: [{ text: 'North America', mid: 1.5 }], outside: true, fontPx: 12, r0: 0, r1: 150 }); // < 150
 */
export function pieRadius(input: PieLabelInput): number {
  const texts = input.labels.filter((l) => l.text);
  if (!input.outside || !texts.length) return input.r1;
  const widest = Math.min(input.width * MAX_LABEL_SHARE, Math.max(...texts.map((l) => estimateLabelWidth(l.text, input.fontPx))));
  const room = Math.min(input.width / 2 - widest - LEADER - 4, input.height / 2 - input.fontPx - LEADER);
  return Math.max(input.r1 * MIN_RADIUS_SHARE, Math.min(input.r1, room));
}

/**
 * Placed labels (hidden ones left out), for radii from `pieRadius`.
 *
 * @example
 * placePieLabels({ ...input, r1: pieRadius(input) }).map((l) => l.text);
 */
export function placePieLabels(input: PieLabelInput): PlacedPieLabel[] {
  const placed = input.labels.flatMap((l, index) => {
    if (!l.text) return [];
    const p = input.outside ? outsideLabel(input, l.mid) : insideLabel(input, l.mid);
    const text = truncateLabel(l.text, p.room, input.fontPx);
    return text ? [{ index, text, full: l.text, x: p.x, y: p.y, anchor: p.anchor, ...(p.leader ? { leader: p.leader } : {}) }] : [];
  });
  return withoutOverlaps(placed, input.fontPx);
}

type Spot = Pick<PlacedPieLabel, 'x' | 'y' | 'anchor' | 'leader'> & { room: number };

function outsideLabel({ width, height, fontPx, r1 }: PieLabelInput, mid: number): Spot {
  const cx = width / 2;
  const cy = height / 2;
  const sin = Math.sin(mid);
  const cos = Math.cos(mid);
  const right = sin >= 0;
  // Half a text line's box (the browser's box is about 1.2 em tall), so a clamped label stays in the card.
  const half = fontPx * 0.6 + 1;
  const x = cx + (r1 + LEADER) * sin + (right ? 2 : -2);
  const y = Math.min(height - half, Math.max(half, cy - (r1 + LEADER) * cos));
  const leader = { x1: cx + r1 * sin, y1: cy - r1 * cos, x2: cx + (r1 + LEADER - 2) * sin, y2: cy - (r1 + LEADER - 2) * cos };
  return { x, y, anchor: right ? 'start' : 'end', leader, room: right ? width - x - 2 : x - 2 };
}

function insideLabel({ width, height, r0, r1 }: PieLabelInput, mid: number): Spot {
  const rl = (r0 + r1) / 2;
  const x = width / 2 + rl * Math.sin(mid);
  const y = height / 2 - rl * Math.cos(mid);
  return { x, y, anchor: 'middle', room: 2 * Math.min(x, width - x) - 2 };
}

/** Drops labels that would overlap an earlier kept one (same side, rows closer than a line). */
function withoutOverlaps(labels: PlacedPieLabel[], fontPx: number): PlacedPieLabel[] {
  const kept: PlacedPieLabel[] = [];
  const line = fontPx + 2;
  for (const l of labels) {
    const w = estimateLabelWidth(l.text, fontPx);
    const box = bounds(l, w, line);
    if (!kept.some((k) => intersects(box, bounds(k, estimateLabelWidth(k.text, fontPx), line)))) kept.push(l);
  }
  return kept;
}

type Box = { left: number; right: number; top: number; bottom: number };

function bounds(l: PlacedPieLabel, w: number, line: number): Box {
  const left = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return { left, right: left + w, top: l.y - line / 2, bottom: l.y + line / 2 };
}

function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
