import { describe, expect, it } from 'vitest';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { findLoop } from './cycle';
import { sankeyPlugin } from './index';
import { visibleLabels } from './label-placement';
import { layoutSankey, linkPath } from './layout';

// Featured Charts/Sankey.yaml
const formData = { datasource: '22__table', viz_type: 'sankey_v2', source: 'product_line', target: 'deal_size', metric: 'count', adhoc_filters: NO_FILTER, row_limit: 10000, color_scheme: 'supersetColors', extra_form_data: {}, dashboards: [] };
// FCC New Coder Survey/Ethnic_Minority__Gender.yaml (a saved chart of an older version: granularity, no row limit)
const fccFormData = {
  adhoc_filters: [
    { clause: 'WHERE', comparator: 'NULL', expressionType: 'SIMPLE', filterOptionName: 'filter_of9xf5uks2_5pisp1se9r5', isExtra: false, isNew: false, operator: '!=', sqlExpression: null, subject: 'ethnic_minority' },
    { clause: 'WHERE', comparator: 'NULL', expressionType: 'SIMPLE', filterOptionName: 'filter_9ikn7htywfm_2579he7pk5x', isExtra: false, isNew: false, operator: '!=', sqlExpression: null, subject: 'gender' },
  ],
  color_scheme: 'supersetColors', datasource: '42__table', granularity_sqla: 'time_start', source: 'ethnic_minority', target: 'gender', label_colors: {}, metric: 'count',
  queryFields: { groupby: 'groupby', metric: 'metrics' }, row_limit: null, time_range: 'No filter', url_params: {}, viz_type: 'sankey_v2',
};
const server = result([
  { product_line: 'Classic Cars', deal_size: 'Medium', count: 600 },
  { product_line: 'Classic Cars', deal_size: 'Small', count: 400 },
  { product_line: 'Trains', deal_size: 'Small', count: 100 },
]);
const input = (fd: object = formData, queriesData = [server]) => ({ formData: fd as typeof formData, queriesData, width: 600, height: 400 });

describe('sankey_v2', () => {
  it('buildQuery: the metric grouped by source and target, as the incumbent queries it', () => {
    expect(sankeyPlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['product_line', 'deal_size'], metrics: ['count'], row_limit: 10000 }]);
    expect(sankeyPlugin.buildQuery(fccFormData as never).queries).toEqual([{
      ...BASE_QUERY,
      time_range: 'No filter',
      granularity: 'time_start',
      filters: [{ col: 'ethnic_minority', op: '!=', val: 'NULL' }, { col: 'gender', op: '!=', val: 'NULL' }],
      columns: ['ethnic_minority', 'gender'],
      metrics: ['count'],
    }]);
    expect(sankeyPlugin.buildQuery({ ...formData, sort_by_metric: true }).queries[0].orderby).toEqual([['count', false]]);
  });

  it('buildQuery and transformProps: a missing source, target or metric is an error naming the control', () => {
    expect(() => sankeyPlugin.buildQuery({ ...formData, metric: undefined })).toThrow('Metric cannot be empty');
    expect(() => sankeyPlugin.buildQuery({ ...formData, source: '' })).toThrow('Source cannot be empty');
    expect(() => sankeyPlugin.transformProps(input({ ...formData, target: null }))).toThrow('Target cannot be empty');
    expect(() => sankeyPlugin.transformProps(input({ ...formData, metric: 'SUM(sales)' }))).toThrow('Column "SUM(sales)" is not in the query result');
  });

  it('transformProps: one node per value, node totals, link shares and source colours', () => {
    const props = sankeyPlugin.transformProps(input());
    expect(props.nodes.map((n) => [n.name, n.column, n.color])).toEqual([
      ['Classic Cars', 'product_line', '#1FA8C9'],
      ['Medium', 'deal_size', '#454E7C'],
      ['Small', 'deal_size', '#5AC189'],
      ['Trains', 'product_line', '#FF7F44'],
    ]);
    expect(props.nodes[0].tooltip).toBe('Classic Cars\ncount: 1,000.00');
    expect(props.links.map((l) => [l.source, l.target, l.value])).toEqual([[0, 1, 600], [0, 2, 400], [3, 2, 100]]);
    expect(props.links[1].tooltip).toBe('Classic Cars > Small\ncount: 400.00\n% (Classic Cars): 40.00%\n% (Small): 80.00%');
    expect(props.ariaLabel).toBe('Sankey diagram of count from product_line to deal_size: 3 flows between 4 nodes');
  });

  it('transformProps: on a dark surface the scheme colours are lifted to stand out (the light theme keeps them)', () => {
    const dark = sankeyPlugin.transformProps({ ...input(), surface: 'rgb(34, 39, 46)' });
    expect(dark.nodes[1].color).not.toBe('#454E7C');
    expect(dark.nodes[0].color).toBe('#1FA8C9');
  });

  it('transformProps: a loop is an error that names it', () => {
    const loop = result([{ product_line: 'A', deal_size: 'B', count: 1 }, { product_line: 'B', deal_size: 'A', count: 1 }]);
    expect(() => sankeyPlugin.transformProps(input(formData, [loop]))).toThrow('The Sankey has a loop (A → B → A)');
    expect(findLoop(3, [{ source: 0, target: 1 }, { source: 1, target: 2 }])).toBeNull();
    expect(findLoop(1, [{ source: 0, target: 0 }])).toEqual([0, 0]);
  });

  it('layout: sources on the left, targets on the right, bands as thick as their share', () => {
    const g = layoutSankey(3, [{ source: 0, target: 2, value: 6 }, { source: 1, target: 2, value: 2 }], 400, 300);
    expect(g.nodes[0].x0).toBe(8);
    expect(g.nodes[2].x1).toBe(392);
    expect(g.nodes[2].labelLeft).toBe(true);
    expect(g.links[0].width / g.links[1].width).toBeCloseTo(3);
    expect(linkPath({ x0: 10, x1: 110, y0: 20, y1: 80, width: 4 })).toBe('M10,20C60,20 60,80 110,80');
  });

  it('labels: a small node label that would overlap a larger node label in its column is left out', () => {
    expect(visibleLabels([{ x: 0, y: 10, weight: 5 }, { x: 0, y: 14, weight: 1 }, { x: 0, y: 40, weight: 1 }, { x: 90, y: 14, weight: 1 }], 12)).toEqual(new Set([0, 2, 3]));
  });

  it('render: a node bar and label per value, a band per link, no toggles outside a dashboard', async () => {
    const { el, chart } = await mount(sankeyPlugin, sankeyPlugin.transformProps(input()));
    expect(el.querySelectorAll('rect.bi-sankey-node').length).toBe(4);
    expect(el.querySelectorAll('path.bi-sankey-link').length).toBe(3);
    expect([...el.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(['Classic Cars', 'Medium', 'Small', 'Trains']);
    expect(el.querySelector('path.bi-sankey-link')?.getAttribute('stroke')).toBe('#1FA8C9');
    expect(el.querySelector('svg')?.getAttribute('aria-label')).toContain('Sankey diagram of count');
    expect(el.querySelectorAll('[data-cross-filter]').length).toBe(0);
    chart.destroy();
  });

  it('render: nodes cross filter on their own column on a dashboard; unselected flows fade', async () => {
    const selections: unknown[] = [];
    const props = { ...sankeyPlugin.transformProps(input()), onCrossFilter: (s: unknown) => selections.push(s) };
    const { el, chart, redrawn } = await mount(sankeyPlugin, props);
    const nodes = [...el.querySelectorAll<SVGRectElement>('rect.bi-sankey-node')];
    expect(nodes.every((n) => n.getAttribute('tabindex') === '0')).toBe(true);
    nodes[2].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    nodes[3].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(selections).toEqual([{ column: 'deal_size', values: ['Small'] }, { column: 'product_line', values: ['Trains'] }]);
    // The host hands the selection back: the flows of Trains stay, the others fade.
    const next = redrawn();
    chart.update({ ...props, crossFilterValues: ['Trains'] });
    await next;
    expect([...el.querySelectorAll('path.bi-sankey-link')].map((l) => l.getAttribute('opacity'))).toEqual(['0.3', '0.3', null]);
    chart.destroy();
  });

  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(sankeyPlugin, sankeyPlugin.transformProps(input(formData, [result([], ['product_line', 'deal_size', 'count'])])));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
