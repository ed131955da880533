/**
 * A deterministic word-cloud layout: biggest words first, each moved outward along an Archimedean
 * spiral from the centre until its box overlaps no placed word. Same input, same picture (no
 * Math.random), so screenshots and tests are stable.
 */
import type { CloudWord, PlacedWord, WordRotation } from './types';

/**
 * A small string hash (FNV-1a), used to derive rotations from the word itself.
 *
 * @example
 * hashString('boy') === hashString('boy'); // true
 */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The rotation of a word: flat 0; square 0 or 90; random one of -90, -60, ..., 60 (the incumbent's set).
 *
 * @example
 * wordRotation('flat', 'anything'); // 0
 */
export function wordRotation(mode: WordRotation | string, word: string): number {
  if (mode === 'square') return hashString(word) % 2 ? 90 : 0;
  if (mode === 'random') return ((hashString(word) % 6) - 3) * 30;
  return 0;
}

/** Approximate text box: 0.6 em per character, one em high (no canvas measuring in tests or workers). */
function box(w: CloudWord): [number, number] {
  const width = Math.max(1, w.text.length) * w.size * 0.6;
  const height = w.size;
  return w.rotate === 90 || w.rotate === -90 ? [height, width] : [width, height];
}

/** One spiral pass at the given sizes; words that fit nowhere are left out. */
function placeWords(words: readonly CloudWord[], width: number, height: number): PlacedWord[] {
  const placed: Array<{ w: PlacedWord; x0: number; y0: number; x1: number; y1: number }> = [];
  const order = words.map((w, i) => ({ w, i })).sort((a, b) => b.w.size - a.w.size || a.i - b.i);
  const cx = width / 2;
  const cy = height / 2;
  // Wider-than-tall areas get an elliptical spiral so the cloud fills the box.
  const ratio = height > 0 ? width / height : 1;
  const maxT = Math.hypot(width, height) * 4;
  for (const { w } of order) {
    const [bw, bh] = box(w);
    if (bw > width || bh > height) continue;
    for (let t = 0; t < maxT; t += 0.35) {
      const x = cx + ratio * t * Math.cos(t) * 0.5;
      const y = cy + t * Math.sin(t) * 0.5;
      const r = { x0: x - bw / 2, y0: y - bh / 2, x1: x + bw / 2, y1: y + bh / 2 };
      if (r.x0 < 0 || r.y0 < 0 || r.x1 > width || r.y1 > height) continue;
      if (placed.some((p) => r.x0 < p.x1 && r.x1 > p.x0 && r.y0 < p.y1 && r.y1 > p.y0)) continue;
      placed.push({ w: { ...w, x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 }, ...r });
      break;
    }
  }
  return placed.map((p) => p.w);
}

/** Scale factors tried in turn until every word fits (the incumbent also shrinks to fit). */
const FIT_SCALES = [1, 0.85, 0.7, 0.6, 0.5, 0.4, 0.3];

/**
 * Places words in a width x height area, shrinking all font sizes by the same factor when some would
 * not fit; words that fit at no tried scale are left out (output shorter than input).
 *
 * @example
 * layoutWords([{ text: 'big', value: 9, size: 40, color: '#000', rotate: 0, formatted: '9' }], 300, 200)[0]; // { ..., x: 150, y: 100 }
 */
export function layoutWords(words: readonly CloudWord[], width: number, height: number): PlacedWord[] {
  let best: PlacedWord[] = [];
  for (const k of FIT_SCALES) {
    const placed = placeWords(k === 1 ? words : words.map((w) => ({ ...w, size: Math.max(1, Math.round(w.size * k)) })), width, height);
    if (placed.length > best.length) best = placed;
    if (placed.length === words.length) break;
  }
  return best;
}
