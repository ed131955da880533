import { describe, expect, it, vi } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults, validateControls } from '../../controls/validators';
import { sequentialColor } from '../../colors/schemes';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { sunburstPlugin } from './index';
import { layoutSunburst, sunburstRadii } from './layout';
import { ratioDomain } from './transform-props';

// Featured Charts/Sunburst.yaml
const formData = { datasource: '22__table', viz_type: 'sunburst_v2', columns: ['year', 'product_line'], metric: 'count', adhoc_filters: NO_FILTER, row_limit: 10000, color_scheme: 'supersetColors', linear_color_scheme: 'superset_seq_1', show_labels: true, show_labels_threshold: 5, label_type: 'key', number_format: '~g', date_format: 'smart_date', extra_form_data: {}, dashboards: [] };
// COVID Vaccines/Vaccine_Candidates_per_Country__Stage.yaml
const covidFormData = { adhoc_filters: [], color_scheme: 'supersetColors', datasource: '69__table', columns: ['product_category', 'clinical_stage'], linear_color_scheme: 'schemeYlOrBr', metric: 'count', queryFields: { groupby: 'groupby', metric: 'metrics', secondary_metric: 'metrics' }, row_limit: 10000, slice_id: 3964, time_range: 'No filter', url_params: {}, viz_type: 'sunburst_v2' };
const server = result([
  { year: 2003, product_line: 'Classic Cars', count: 1200 },
  { year: 2003, product_line: 'Ships', count: 30 },
  { year: 2004, product_line: 'Classic Cars', count: 1500 },
  { year: 2004, product_line: 'Ships', count: 400 },
]);
const input = (fd: object = formData, queriesData = [server]) => ({ formData: fd as typeof formData, queriesData, width: 400, height: 300 });

describe('sunburst_v2', () => {
  it('buildQuery: the hierarchy columns and the metric (an older save naming them groupby too)', () => {
    expect(sunburstPlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['year', 'product_line'], metrics: ['count'], row_limit: 10000 }]);
    expect(sunburstPlugin.buildQuery(covidFormData as never).queries[0]).toMatchObject({ columns: ['product_category', 'clinical_stage'], metrics: ['count'], row_limit: 10000, time_range: 'No filter' });
    expect(sunburstPlugin.buildQuery({ ...formData, columns: undefined, groupby: ['year'] } as never).queries[0].columns).toEqual(['year']);
    expect(sunburstPlugin.buildQuery({ ...formData, sort_by_metric: true, secondary_metric: 'sum__sales' } as never).queries[0]).toMatchObject({ metrics: ['count', 'sum__sales'], orderby: [['count', false]] });
  });

  it('buildQuery and transformProps: no hierarchy, no metric or a missing column is an error', () => {
    expect(() => sunburstPlugin.buildQuery({ ...formData, columns: [] })).toThrow('Hierarchy cannot be empty');
    expect(() => sunburstPlugin.buildQuery({ ...formData, metric: null as never })).toThrow('Metric cannot be empty');
    expect(() => sunburstPlugin.transformProps(input({ ...formData, metric: 'sum__sales' }))).toThrow('Column "sum__sales" is not in the query result');
  });

  it('transformProps: categorical colours after the metric (the incumbent base colour), labels over the threshold', () => {
    const p = sunburstPlugin.transformProps(input());
    const nodes = p.root.descendants();
    expect(nodes.map((n) => n.data.name)).toEqual(['count', '2004', '2003', 'Classic Cars', 'Ships', 'Classic Cars', 'Ships']);
    expect(p.colors.slice(1)).toEqual(['#454E7C', '#5AC189', '#FF7F44', '#666666', '#FF7F44', '#666666']);
    // 2003 ▸ Ships is 30 of 3130: under 5%, no label.
    expect(p.labels).toEqual(['', '2004', '2003', 'Classic Cars', 'Ships', 'Classic Cars', '']);
    expect(p.tipOf(4).lines.map((l) => `${l.label}: ${l.value}`)).toEqual(['Share of total: 12.78%', 'Share of parent: 21.05%', 'count: 400']);
    expect(p.ariaLabel).toBe('Sunburst of count by year, product_line: 2004 60.70%, 2003 39.30%');
    expect(p.totalLabel).toBe('');
    expect(sunburstPlugin.transformProps(input({ ...formData, show_total: true })).totalLabel).toBe('Total: 3130');
    expect(sunburstPlugin.transformProps(input({ ...formData, show_labels: undefined })).labels.every((l) => l === '')).toBe(true);
  });

  it('transformProps: a secondary metric colours by its ratio to the primary on the linear scheme', () => {
    const data = result([{ a: 'x', count: 10, sales: 5 }, { a: 'y', count: 10, sales: 10 }]);
    const p = sunburstPlugin.transformProps(input({ ...formData, columns: ['a'], secondary_metric: 'sales' }, [data]));
    expect(ratioDomain([0.75, 0.5, 1])).toEqual([0, 1]);
    expect(p.colors.slice(1)).toEqual([sequentialColor('superset_seq_1', 0.5), sequentialColor('superset_seq_1', 1)]);
    expect(p.tipOf(1).lines.map((l) => l.label)).toEqual(['Share of total', 'count', 'sales', 'count/sales']);
  });

  it('layout: one ring per level around a 30% hole, angles by value', () => {
    const p = sunburstPlugin.transformProps(input());
    const { inner, outer } = sunburstRadii(400, 300);
    expect([inner, outer]).toEqual([42, 140]);
    const arcs = layoutSunburst(p.root, p.levels, 400, 300);
    expect(arcs).toHaveLength(6);
    expect(arcs[0]).toMatchObject({ depth: 1, a0: 0, r0: 42, r1: 91 });
    expect(arcs[0].a1).toBeCloseTo((1900 / 3130) * Math.PI * 2, 6);
    expect(arcs[2]).toMatchObject({ depth: 2, r0: 91, r1: 140 });
  });

  it('render: arcs with radial labels and a total; any arc cross-filters on its path', async () => {
    const onCrossFilter = vi.fn();
    const p = sunburstPlugin.transformProps(input({ ...formData, show_total: true }));
    const { el, chart } = await mount(sunburstPlugin, { ...p, onCrossFilter });
    const arcs = [...el.querySelectorAll<SVGPathElement>('path.bi-sunburst-arc')];
    expect(arcs).toHaveLength(6);
    expect(el.querySelector('.bi-sunburst-total')?.textContent).toBe('Total: 3130');
    expect([...el.querySelectorAll('.bi-sunburst-label')].map((t) => t.textContent)).toContain('2004');
    const year = arcs.find((a) => a.getAttribute('aria-label') === 'Filter by 2004')!;
    year.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'year', values: [2004], filters: [{ column: 'year', value: 2004 }], label: '2004' });
    // 2004 and its two children stay lit.
    expect(arcs.filter((a) => a.getAttribute('opacity') === '1').map((a) => a.getAttribute('aria-label'))).toEqual(['Filter by 2004', 'Filter by 2004 ▸ Classic Cars', 'Filter by 2004 ▸ Ships']);
    chart.destroy();
  });

  it('control panel: the incumbent defaults; no hierarchy or metric fails validation; linear scheme only with a secondary metric', () => {
    const panel = getControlPanel('sunburst_v2');
    expect(getControlDefaults(panel)).toMatchObject({ row_limit: 10000, show_labels: false, show_labels_threshold: 5, show_total: false, label_type: 'key', number_format: 'SMART_NUMBER' });
    expect(validateControls(panel, { columns: [], metric: null })).toEqual({ columns: ['cannot be empty'], metric: ['cannot be empty'] });
    expect(validateControls(panel, formData)).toEqual({});
    const linear = panel.sections.flatMap((s) => s.controlSetRows.flat()).find((c) => c.name === 'linear_color_scheme')!;
    expect([linear.config.visibility!({ metric: 'count' }), linear.config.visibility!({ metric: 'count', secondary_metric: 'sum__sales' })]).toEqual([false, true]);
  });
});
