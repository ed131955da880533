import { describe, expect, it, vi } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults, validateControls } from '../../controls/validators';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { withSaturation } from '../hierarchy-common/color';
import { treemapPlugin } from './index';
import { layoutTreemap } from './layout';

// Featured Charts/Treemap.yaml
const formData = { datasource: '23__table', viz_type: 'treemap_v2', groupby: ['year', 'product_line'], metric: 'count', row_limit: 10000, adhoc_filters: NO_FILTER, color_scheme: 'supersetColors', show_labels: true, show_upper_labels: true, label_type: 'key_value', number_format: 'SMART_NUMBER', date_format: 'smart_date', extra_form_data: {}, dashboards: [] };
// Slack Dashboard/Members_per_Channel.yaml (an older version's save: no row limit, queryFields, treemap_ratio)
const slackFormData = { adhoc_filters: [], color_scheme: 'supersetColors', datasource: '57__table', groupby: ['channel_name'], label_colors: {}, metric: 'count', number_format: 'SMART_NUMBER', queryFields: { groupby: 'groupby', metrics: 'metrics' }, row_limit: null, slice_id: 2396, time_range: 'No filter', treemap_ratio: 1.618033988749895, url_params: {}, viz_type: 'treemap_v2' };
const server = result([
  { year: 2003, product_line: 'Classic Cars', count: 1200 },
  { year: 2003, product_line: 'Ships', count: 300 },
  { year: 2004, product_line: 'Classic Cars', count: 1500 },
  { year: 2004, product_line: 'Trains', count: 100 },
  { year: 2004, product_line: 'Ships', count: 400 },
]);
const input = (fd: object = formData, queriesData = [server]) => ({ formData: fd as typeof formData, queriesData, width: 600, height: 400 });

describe('treemap_v2', () => {
  it('buildQuery: the levels and the metric, ordered by the levels under a row limit (the incumbent query)', () => {
    expect(treemapPlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['year', 'product_line'], metrics: ['count'], orderby: [['year', true], ['product_line', true]], row_limit: 10000 }]);
    expect(treemapPlugin.buildQuery({ ...formData, sort_by_metric: true }).queries[0].orderby).toEqual([['count', false], ['year', true], ['product_line', true]]);
    const slack = treemapPlugin.buildQuery(slackFormData as never).queries[0];
    expect(slack).toMatchObject({ columns: ['channel_name'], metrics: ['count'], time_range: 'No filter' });
    expect(slack.orderby).toBeUndefined();
  });

  it('buildQuery and transformProps: a missing metric or a column the result lacks is an error, not a blank chart', () => {
    expect(() => treemapPlugin.buildQuery({ ...formData, metric: undefined as never })).toThrow('Metric cannot be empty');
    expect(() => treemapPlugin.transformProps(input({ ...formData, metric: '' }))).toThrow('Metric cannot be empty');
    expect(() => treemapPlugin.transformProps(input({ ...formData, groupby: ['year', 'deal_size'] }))).toThrow('Column "deal_size" is not in the query result');
  });

  it('transformProps: values summed and sorted, labels by label_type, colours as the incumbent gives them', () => {
    const p = treemapPlugin.transformProps(input());
    const nodes = p.root.descendants();
    expect(nodes.map((n) => n.data.name)).toEqual(['count', '2004', '2003', 'Classic Cars', 'Ships', 'Trains', 'Classic Cars', 'Ships']);
    expect([0, 1, 2, 3].map(p.labelOf)).toEqual(['', '2004: 2k', '2003: 1.5k', 'Classic Cars: 1.5k']);
    // The root takes the metric's colour, each parent its own name's, leaves shades of their parent's.
    expect(p.colors.slice(0, 3)).toEqual(['#1FA8C9', '#454E7C', '#5AC189']);
    expect(p.colors[3]).toBe(withSaturation('#454E7C', 0.7));
    expect(p.colors[5]).toBe(withSaturation('#454E7C', 0.4));
    expect(p.tipOf(3)).toEqual({ title: '2004 ▸ Classic Cars', lines: [{ color: p.colors[3], label: 'count', value: '1.5k (75.00%)' }] });
    expect(p.ariaLabel).toBe('Treemap of count by year, product_line: 2004 2k, 2003 1.5k');
    expect(p.crossFilterColumns).toEqual(['year', 'product_line']);
    expect(p.ratio).toBeCloseTo(1.618, 3);
  });

  it('transformProps: a one-level treemap is shades of the metric colour; label colours of the form data win', () => {
    const p = treemapPlugin.transformProps(input({ ...slackFormData, label_colors: { count: '#000000' } }, [result([{ channel_name: 'general', count: 10 }, { channel_name: 'random', count: 5 }])]));
    expect(p.colors).toEqual(['#000000', withSaturation('#000000', 0.7), withSaturation('#000000', 0.4)]);
    // A temporal level is a time bucket: no equality cross filter.
    const temporal = treemapPlugin.transformProps(input(formData, [result([{ year: 0, product_line: 'a', count: 1 }], ['year', 'product_line', 'count'], [2, 1, 0])]));
    expect(temporal.crossFilterColumns).toBeNull();
  });

  it('layout: squarified tiles inside the card, parents around their children with a header strip', () => {
    const p = treemapPlugin.transformProps(input());
    const rects = layoutTreemap(p.root, 600, 400, { ratio: p.ratio, upperLabels: true });
    const leaves = rects.filter((r) => r.leaf);
    expect(leaves).toHaveLength(5);
    for (const r of rects) {
      expect(r.x0).toBeGreaterThanOrEqual(0);
      expect(r.x1).toBeLessThanOrEqual(600);
      expect(r.y1).toBeLessThanOrEqual(400);
    }
    const parent = rects[1];
    for (const child of rects.filter((r) => r.depth === 2 && p.root.descendants()[r.index].parent === p.root.descendants()[1])) {
      expect(child.y0).toBeGreaterThanOrEqual(parent.y0 + 18);
      expect(child.x0).toBeGreaterThanOrEqual(parent.x0);
    }
    // Areas follow the values: the 2004 block is 2000/3500 of the card (less gaps).
    expect(((parent.x1 - parent.x0) * (parent.y1 - parent.y0)) / (600 * 400)).toBeCloseTo(2000 / 3500, 1);
  });

  it('render: labelled tiles and headers; leaves cross-filter on their path by click and keyboard', async () => {
    const onCrossFilter = vi.fn();
    const p = treemapPlugin.transformProps(input());
    const { el, chart, redrawn } = await mount(treemapPlugin, { ...p, onCrossFilter });
    const leaves = [...el.querySelectorAll<SVGRectElement>('rect.bi-treemap-leaf')];
    expect(leaves).toHaveLength(5);
    expect(el.querySelectorAll('rect.bi-treemap-parent')).toHaveLength(2);
    expect([...el.querySelectorAll('text')].map((t) => t.textContent)).toContain('2004: 2k');
    expect(el.querySelector('svg')?.getAttribute('role')).toBe('group');
    const cars = leaves.find((r) => r.getAttribute('aria-label') === 'Filter by 2004 ▸ Classic Cars')!;
    cars.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onCrossFilter).toHaveBeenLastCalledWith({ column: 'year', values: [2004, 'Classic Cars'], filters: [{ column: 'year', value: 2004 }, { column: 'product_line', value: 'Classic Cars' }], label: '2004 ▸ Classic Cars' });
    expect(cars.getAttribute('aria-pressed')).toBe('true');
    expect(leaves.filter((r) => r.getAttribute('opacity') === '0.3')).toHaveLength(4);
    cars.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onCrossFilter).toHaveBeenLastCalledWith(null);
    // The host's selection comes back as crossFilterValues and is shown after a redraw.
    const next = redrawn();
    chart.update({ ...p, onCrossFilter, crossFilterValues: [2003, 'Ships'] });
    await next;
    const lit = [...el.querySelectorAll('rect.bi-treemap-leaf')].filter((r) => r.getAttribute('opacity') === '1');
    expect(lit.map((r) => r.getAttribute('aria-label'))).toEqual(['Filter by 2003 ▸ Ships']);
    chart.destroy();
  });

  it('render: a hovered tile shows its tooltip', async () => {
    const p = treemapPlugin.transformProps(input());
    const { el, chart } = await mount(treemapPlugin, p);
    expect(el.querySelector('svg')?.getAttribute('role')).toBe('img');
    const leaf = el.querySelector('rect.bi-treemap-leaf')!;
    leaf.dispatchEvent(new MouseEvent('pointermove', { bubbles: true, clientX: 10, clientY: 10 }));
    const tip = el.querySelector<HTMLElement>('.bi-tooltip')!;
    expect(tip.style.display).toBe('block');
    expect(tip.textContent).toContain('2004 ▸ Classic Cars');
    chart.destroy();
  });

  it('control panel: the incumbent defaults; a missing metric fails validation', () => {
    expect(getControlDefaults(getControlPanel('treemap_v2'))).toMatchObject({ row_limit: 10000, show_labels: true, show_upper_labels: true, label_type: 'key_value', number_format: 'SMART_NUMBER', date_format: 'smart_date' });
    expect(validateControls(getControlPanel('treemap_v2'), { groupby: ['year'], metric: null })).toEqual({ metric: ['cannot be empty'] });
    expect(validateControls(getControlPanel('treemap_v2'), formData)).toEqual({});
  });
});
