import { describe, expect, it } from 'vitest';
import { registerBuiltInCharts } from './builtins';
import { getControlPanel } from './control-panels';
import { createLabelsColorMap } from './colors/labels-color-map';
import { createCategoricalColorScale } from './colors/categorical-color-scale';
import { isValidOpacity, validateColor } from './colors/validate-color';
import { validateControls, validateValue } from './controls/validators';
import { LAZY_VIZ_TYPES, loadChartPlugin } from './lazy-plugins';
import { tablePlugin } from './plugins/table/index';
import { DEFAULT_VIZ_TYPE, createChartRegistry } from './registry';
import { rowThresholdState } from './shared/row-threshold';
import { sortSeries } from './shared/series-sort';

describe('registry', () => {
  it('registers explicitly and throws with the known list', () => {
    const empty = createChartRegistry();
    expect(empty.list()).toEqual([]);
    const r = registerBuiltInCharts(createChartRegistry());
    expect(r.has('echarts_timeseries_line')).toBe(true);
    expect(r.getOrDefault(undefined).metadata.vizType).toBe(DEFAULT_VIZ_TYPE);
    expect(() => r.get('nope')).toThrow(/^Unknown viz type: nope \(known: big_number, big_number_total, box_plot, bubble_v2, (.+, )?chord, (.+, )?echarts_area/);
    expect(() => r.get('nope')).toThrow(/, cal_heatmap, .*, rose, .*, time_table, /);
    expect(createChartRegistry({ defaultVizType: 'pie' }).register(tablePlugin).has('table')).toBe(true);
  });
});

describe('loadChartPlugin', () => {
  it('knows every built-in viz type and loads the same plugins, one family at a time', async () => {
    const eager = registerBuiltInCharts(createChartRegistry());
    expect(LAZY_VIZ_TYPES).toEqual(eager.list());
    const lazy = createChartRegistry();
    expect(await loadChartPlugin(lazy, 'echarts_timeseries_bar')).toBe(true);
    expect(lazy.list()).toEqual(['echarts_area', 'echarts_timeseries_bar', 'echarts_timeseries_line', 'echarts_timeseries_scatter', 'echarts_timeseries_smooth', 'echarts_timeseries_step']);
    expect(lazy.get('echarts_timeseries_bar')).toBe(eager.get('echarts_timeseries_bar'));
    expect(await loadChartPlugin(lazy, 'big_number_total')).toBe(true);
    expect(lazy.has('table')).toBe(false);
    expect(await loadChartPlugin(lazy, 'nope')).toBe(false);
  });
});

describe('validators', () => {
  it('uses the exact messages', () => {
    expect(validateValue('nonEmpty', [])).toBe('cannot be empty');
    expect(validateValue({ max: 100 }, 500)).toBe('Value cannot exceed 100');
    expect(validateValue('integer', '1.5')).toBe('is expected to be an integer');
    expect(validateValue('integer', '15')).toBe(false);
    expect(validateControls(getControlPanel('table'), { query_mode: 'raw', all_columns: [] })).toEqual({ all_columns: ['cannot be empty'] });
  });
});

describe('colours', () => {
  it('validates colours and opacity', () => {
    expect(validateColor('#abc')).toBe(false);
    expect(validateColor('#A1B2C3')).toBe(false);
    expect(validateColor('rgb(0, 122, 135)')).toBe(false);
    expect(validateColor('rgb(300,0,0)')).toBe('Invalid color');
    expect(validateColor('red')).toBe('Invalid color');
    expect([isValidOpacity(0), isValidOpacity(1), isValidOpacity(1.2)]).toEqual([true, true, false]);
  });
  it('keeps one colour per label on a dashboard, per-chart order in explore', () => {
    const shared = createLabelsColorMap();
    const a = createCategoricalColorScale({ scheme: 'd3Category10', source: 'dashboard', sharedMap: shared });
    const b = createCategoricalColorScale({ scheme: 'd3Category10', source: 'dashboard', sharedMap: shared });
    expect(a.getColor('girl')).toBe('#1f77b4');
    expect(b.getColor('boy')).toBe('#ff7f0e');
    expect(b.getColor('girl')).toBe('#1f77b4');
    const explore = createCategoricalColorScale({ scheme: 'd3Category10', source: 'explore', sharedMap: shared });
    expect(explore.getColor('boy')).toBe('#1f77b4');
    const forced = createCategoricalColorScale({ scheme: 'd3Category10', labelColors: { boy: '#000000' }, source: 'dashboard', sharedMap: shared });
    expect(forced.getColor('boy')).toBe('#000000');
    expect(shared.get('boy')).toBe('#ff7f0e');
  });
});

describe('thresholds and series sort', () => {
  it('rowThresholdState', () => {
    expect([rowThresholdState(100000), rowThresholdState(100001), rowThresholdState(500000), rowThresholdState(500001)]).toEqual(['ok', 'warn', 'warn', 'block']);
  });
  it('sorts by name/sum/min/max/avg', () => {
    const s = [{ name: 'b', values: [1, 9] }, { name: 'a', values: [5, 5] }, { name: 'c', values: [3, null] }];
    expect(sortSeries(s, 'name', true).map((x) => x.name)).toEqual(['a', 'b', 'c']);
    expect(sortSeries(s, 'sum', false).map((x) => x.name)).toEqual(['b', 'a', 'c']);
    expect(sortSeries(s, 'min', true).map((x) => x.name)).toEqual(['b', 'c', 'a']);
    expect(sortSeries(s, 'max', false).map((x) => x.name)).toEqual(['b', 'a', 'c']);
    expect(sortSeries(s, 'avg', true).map((x) => x.name)).toEqual(['c', 'b', 'a']); // ties keep input order
  });
});
