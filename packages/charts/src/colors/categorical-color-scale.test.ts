import { describe, expect, it } from 'vitest';
import { createCategoricalColorScale, type CategoricalColorScaleOptions } from './categorical-color-scale';
import { createLabelsColorMap } from './labels-color-map';

/** One draw of a chart on a dashboard: a fresh scale (as every transformProps gets) over its labels. */
function draw(labels: string[], options: CategoricalColorScaleOptions): Record<string, string> {
  const scale = createCategoricalColorScale({ scheme: 'd3Category10', source: 'dashboard', ...options });
  return Object.fromEntries(labels.map((label) => [label, scale.getColor(label)]));
}

describe('dashboard label colours when a chart is added', () => {
  it('an existing chart redrawn after another chart is added keeps every colour, shared-list labels or not', () => {
    const sharedMap = createLabelsColorMap();
    // The Sales Dashboard's shape: shared_label_colors lists only the labels seen in several charts
    // ('Planes' also in one not drawn yet, on another tab).
    const options = { sharedMap, sharedLabelColors: ['Classic Cars', 'Planes'] };
    const before = draw(['Trains', 'Classic Cars'], options);
    draw(['Planes', 'Classic Cars'], options); // the chart dropped from the builder pane
    expect(draw(['Trains', 'Classic Cars'], options)).toEqual(before);
  });

  it('gives the new chart colours no existing label holds and keeps one colour per label', () => {
    const sharedMap = createLabelsColorMap();
    const first = draw(['girl', 'boy'], { sharedMap });
    const added = draw(['boy', 'other'], { sharedMap });
    expect(added.boy).toBe(first.boy);
    expect(Object.values(first)).not.toContain(added.other);
    expect(draw(['girl', 'boy'], { sharedMap })).toEqual(first);
  });

  it('a saved map (map_label_colors) wins over scheme order on reload, overrides win over both', () => {
    const sharedMap = createLabelsColorMap({ Trains: '#123456' });
    expect(draw(['Ships', 'Trains'], { sharedMap }).Trains).toBe('#123456');
    expect(draw(['Trains'], { sharedMap, labelColors: { Trains: '#abcdef' } }).Trains).toBe('#abcdef');
    expect(sharedMap.get('Trains')).toBe('#123456');
  });

  it('Explore ignores the dashboard map', () => {
    const sharedMap = createLabelsColorMap({ Trains: '#123456' });
    expect(draw(['Trains'], { sharedMap, source: 'explore' }).Trains).toBe('#1f77b4');
  });
});
