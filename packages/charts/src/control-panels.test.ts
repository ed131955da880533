import { describe, expect, it } from 'vitest';
import { CONTROL_PANEL_VIZ_TYPES, getControlPanel } from './control-panels';
import { getControlDefaults } from './controls/validators';
import { LAZY_VIZ_TYPES } from './lazy-plugins';

const controlNames = (vizType: string) => getControlPanel(vizType).sections.flatMap((s) => s.controlSetRows.flat().map((c) => c.name));

describe('control panels by viz type (apart from the runtime plugins)', () => {
  it('has a panel for every built-in viz type, so Explore loses none by the split', () => {
    expect(CONTROL_PANEL_VIZ_TYPES).toEqual(LAZY_VIZ_TYPES);
    for (const vizType of CONTROL_PANEL_VIZ_TYPES) expect(controlNames(vizType).length).toBeGreaterThan(0);
  });

  it('keeps the per-kind options of the time-series family and one object per viz type', () => {
    expect(controlNames('echarts_area')).toContain('stack');
    expect(controlNames('echarts_timeseries_line')).not.toContain('stack');
    expect(controlNames('echarts_timeseries_scatter')).toContain('markerSize');
    expect(getControlDefaults(getControlPanel('echarts_area')).opacity).toBe(0.2);
    // Explore reads the panel on every render: the same object each time.
    expect(getControlPanel('pie')).toBe(getControlPanel('pie'));
  });

  it('answers an empty panel for an unknown viz type, never an inherited property', () => {
    expect(getControlPanel('not_a_viz_type').sections).toEqual([]);
    expect(getControlPanel('constructor').sections).toEqual([]);
  });
});
