import { describe, expect, it } from 'vitest';
import { estimateLabelWidth } from '../../shared/label-fit';
import { DEFAULT_CHART_THEME } from '../../types';
import { bandScale } from './scales';
import { categoryAxis } from './svg';

const FONT = DEFAULT_CHART_THEME.fontSize - 1;

/** [left, right] of each middle-anchored axis label. */
function extents(g: SVGGElement): Array<[number, number]> {
  return [...g.querySelectorAll('text')].map((t) => {
    const w = estimateLabelWidth(t.firstChild!.textContent!, FONT);
    const x = Number(t.getAttribute('x'));
    return [x - w / 2, x + w / 2];
  });
}

describe('svg-common', () => {
  it('bandScale collapses to zero-width bands when the card is narrower than its margins', () => {
    const x = bandScale(4, [48, 20], 0.4);
    expect(x.step).toBe(0);
    expect(x.bandwidth).toBe(0);
  });
  it('categoryAxis shows every short label', () => {
    const x = bandScale(3, [40, 400]);
    const g = categoryAxis(['East', 'West', 'North'], (i) => x.start(i) + x.bandwidth / 2, 280, x.step, DEFAULT_CHART_THEME, 440);
    expect([...g.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['East', 'West', 'North']);
  });
  it('categoryAxis labels never overlap nor leave the chart; cut ones keep the full label as tooltip', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `Motorcycles and Classic Cars ${i}`);
    for (const width of [200, 360, 800]) {
      const x = bandScale(labels.length, [40, width - 12]);
      const g = categoryAxis(labels, (i) => x.start(i) + x.bandwidth / 2, 280, x.step, DEFAULT_CHART_THEME, width);
      const boxes = extents(g);
      expect(boxes.length).toBeGreaterThan(0);
      boxes.forEach(([left, right], i) => {
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(width);
        if (i) expect(left).toBeGreaterThanOrEqual(boxes[i - 1][1]);
      });
      const cut = [...g.querySelectorAll('text')].find((t) => t.firstChild!.textContent!.endsWith('…'));
      expect(cut?.querySelector('title')?.textContent).toMatch(/^Motorcycles and Classic Cars \d+$/);
    }
  });
  it('categoryAxis cuts a label near the edge to the room it has there', () => {
    const g = categoryAxis(['A rather long first category'], () => 30, 280, 200, DEFAULT_CHART_THEME, 400);
    const [[left]] = extents(g);
    expect(left).toBeGreaterThanOrEqual(0);
  });
});
