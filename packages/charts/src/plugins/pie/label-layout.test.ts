import { describe, expect, it } from 'vitest';
import { estimateLabelWidth } from '../../shared/label-fit';
import { pieRadius, placePieLabels, type PieLabelInput, type PlacedPieLabel } from './label-layout';

const FONT = 12;

/** Left and right edge of a placed label, from the same estimate the layout uses. */
function extent(l: PlacedPieLabel): [number, number] {
  const w = estimateLabelWidth(l.text, FONT);
  const left = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return [left, left + w];
}

/** Slices of the given shares with long labels, as a narrow card would get them. */
function input(width: number, height: number, shares: number[], outside = true): PieLabelInput {
  let a = 0;
  const labels = shares.map((f, i) => {
    const mid = a + f * Math.PI;
    a += f * Math.PI * 2;
    return { text: `North American region ${i}: ${(f * 100).toFixed(1)}%`, mid };
  });
  const half = Math.min(width, height) / 2;
  return { width, height, labels, outside, fontPx: FONT, r0: 0, r1: half * 0.8 };
}

describe('pie labels within the card', () => {
  it('shrinks the pie to make room for outside labels, down to half its radius', () => {
    const i = input(300, 300, [0.5, 0.5]);
    const r = pieRadius(i);
    expect(r).toBeLessThan(i.r1);
    expect(r).toBeGreaterThanOrEqual(i.r1 * 0.5);
    expect(pieRadius({ ...i, outside: false })).toBe(i.r1);
  });
  for (const [width, height] of [[240, 200], [400, 300], [160, 300]]) {
    it(`never places a label past the card's edges (${width}x${height})`, () => {
      const i = input(width, height, [0.4, 0.3, 0.2, 0.06, 0.04]);
      for (const outside of [true, false]) {
        const placed = placePieLabels({ ...i, outside, r1: pieRadius({ ...i, outside }) });
        for (const l of placed) {
          const [left, right] = extent(l);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(right).toBeLessThanOrEqual(width);
          expect(l.y - FONT / 2).toBeGreaterThanOrEqual(0);
          expect(l.y + FONT / 2).toBeLessThanOrEqual(height);
        }
      }
    });
  }
  it('cuts long labels (keeping the full text) and hides ones that would overlap', () => {
    const i = input(240, 200, [0.9, 0.02, 0.02, 0.02, 0.02, 0.02]);
    const placed = placePieLabels({ ...i, r1: pieRadius(i) });
    expect(placed.length).toBeLessThan(6);
    expect(placed.some((l) => l.text.endsWith('…') && l.full.startsWith(l.text.slice(0, -1)))).toBe(true);
    for (const l of placed) expect(l.leader).toBeDefined();
  });
});
