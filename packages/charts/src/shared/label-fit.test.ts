import { describe, expect, it } from 'vitest';
import { estimateLabelWidth, thinnedIndices, truncateLabel } from './label-fit';
import { svg } from './dom';

describe('label fitting', () => {
  it('estimates wider for wide characters', () => {
    expect(estimateLabelWidth('WWW', 12)).toBeGreaterThan(estimateLabelWidth('iii', 12));
    expect(estimateLabelWidth('', 12)).toBe(0);
  });
  it('truncates with an ellipsis to the width, or to nothing', () => {
    expect(truncateLabel('East', 100, 12)).toBe('East');
    const cut = truncateLabel('Classic Cars and Vintage Cars', 60, 12);
    expect(cut.endsWith('…')).toBe(true);
    expect(estimateLabelWidth(cut, 12)).toBeLessThanOrEqual(60);
    expect(truncateLabel('Classic Cars', 4, 12)).toBe('');
    expect(truncateLabel('Classic Cars', -20, 12)).toBe('');
  });
  it('thins to every k-th label so each has its width', () => {
    expect(thinnedIndices(10, 300, 60)).toEqual([0, 2, 4, 6, 8]);
    expect(thinnedIndices(3, 300, 60)).toEqual([0, 1, 2]);
    expect(thinnedIndices(3, 0, 60)).toEqual([0]);
    expect(thinnedIndices(0, 300, 60)).toEqual([]);
  });
});

describe('svg()', () => {
  it('draws negative sizes as 0 (the browser rejects negative rect sizes and radii)', () => {
    const r = svg('rect', { x: -3, width: -12.5, height: -1 });
    expect([r.getAttribute('x'), r.getAttribute('width'), r.getAttribute('height')]).toEqual(['-3', '0', '0']);
    expect(svg('circle', { r: -2 }).getAttribute('r')).toBe('0');
  });
});
