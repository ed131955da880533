import { describe, expect, it } from 'vitest';
import { cellBar, columnExtents } from './cell-bars';

const opts = { colorPositiveNegative: true, alignPositiveNegative: false };
describe('cell bars', () => {
  it('grow from the zero line between the negative and positive extents', () => {
    expect(cellBar(50, [0, 100], opts)).toContain('rgba(0,0,0,0.2) 0%, rgba(0,0,0,0.2) 50%');
    // Extent -50..150: zero sits at 25%; -50 fills 0..25% in red, 150 fills 25..100%.
    expect(cellBar(-50, [-50, 150], opts)).toContain('rgba(150,0,0,0.2) 0%, rgba(150,0,0,0.2) 25%');
    expect(cellBar(150, [-50, 150], opts)).toContain('rgba(0,0,0,0.2) 25%, rgba(0,0,0,0.2) 100%');
  });
  it('align_pn: every bar from the left by magnitude; without color_pn negatives are grey', () => {
    expect(cellBar(-50, [-100, 50], { colorPositiveNegative: false, alignPositiveNegative: true })).toContain('rgba(0,0,0,0.2) 0%, rgba(0,0,0,0.2) 50%');
  });
  it('extents skip non-numbers and columns without any', () => {
    expect([...columnExtents([{ a: 1, b: 'x' }, { a: -3, b: null }], ['a', 'b'])]).toEqual([['a', [-3, 1]]]);
  });
});
