import { describe, expect, it } from 'vitest';
import { createCategoricalColorScale } from './categorical-color-scale';
import { chartColorScale, onSurface } from './chart-color-scale';
import { contrastRatio } from './readable-text';
import { CATEGORICAL_SCHEMES } from './schemes';

const DARK_SURFACE = 'rgb(34, 39, 46)';
const LIGHT_SURFACE = 'rgb(255, 255, 255)';

describe('onSurface', () => {
  it('lifts every scheme colour to stand out at 3:1 on a dark surface', () => {
    for (const [id, colors] of Object.entries(CATEGORICAL_SCHEMES)) {
      const scale = onSurface(createCategoricalColorScale({ scheme: id }), DARK_SURFACE);
      for (let i = 0; i < colors.length; i++) {
        const color = scale.getColor(`label ${i}`);
        expect(contrastRatio(color, DARK_SURFACE), `${id} #${i} ${color}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('keeps colours that already stand out, and the legend reads what the marks get', () => {
    const scale = onSurface(createCategoricalColorScale(), DARK_SURFACE);
    expect(scale.getColor('a')).toBe('#1FA8C9');
    const lifted = scale.getColor('b');
    expect(lifted).not.toBe('#454E7C');
    expect(scale.domain()).toEqual([
      ['a', '#1FA8C9'],
      ['b', lifted],
    ]);
  });

  it("leaves the incumbent's colours as they are on a light or unknown surface", () => {
    const scale = createCategoricalColorScale();
    expect(onSurface(scale, LIGHT_SURFACE)).toBe(scale);
    expect(onSurface(scale, undefined)).toBe(scale);
    expect(onSurface(scale, 'var(--bi-color-surface)')).toBe(scale);
  });
});

describe('chartColorScale', () => {
  it("uses the host's scale and the form data's label colours, fitted to the surface", () => {
    const formData = { datasource: '1__table', viz_type: 'pie', label_colors: { boys: '#454E7C' } };
    const input = { formData, queriesData: [], width: 100, height: 100 };
    expect(chartColorScale(input).getColor('boys')).toBe('#454E7C');
    expect(contrastRatio(chartColorScale({ ...input, surface: DARK_SURFACE }).getColor('boys'), DARK_SURFACE)).toBeGreaterThanOrEqual(3);
    const host = createCategoricalColorScale({ scheme: 'd3Category10' });
    expect(chartColorScale({ ...input, colorScale: host }).getColor('x')).toBe('#1f77b4');
  });
});
