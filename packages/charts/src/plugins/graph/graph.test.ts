import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults } from '../../controls/validators';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { edgeShape } from './edge-path';
import { graphPlugin } from './index';
import { visibleGraphLabels } from './label-collisions';
import { circularLayout, fitToBox, forceLayout } from './layout';
import { parseRoam, zoomAt } from './roam';
import { edgeWidths, nodeSizes } from './sizes';
import { parseEdgeSymbols } from './transform-props';

// Featured Charts/Graph.yaml
const formData = {
  datasource: '22__table', viz_type: 'graph_chart', source: 'deal_size', target: 'product_line', metric: 'count', adhoc_filters: NO_FILTER, row_limit: 10000,
  color_scheme: 'supersetColors', show_legend: true, legendType: 'scroll', legendOrientation: 'top', layout: 'circular', edgeSymbol: 'none,arrow', roam: true,
  selectedMode: 'single', baseNodeSize: 20, baseEdgeWidth: 3, edgeLength: 400, gravity: 0.3, repulsion: 1000, friction: 0.2, extra_form_data: {}, dashboards: [],
};
const server = result([
  { deal_size: 'Medium', product_line: 'Classic Cars', count: 500 },
  { deal_size: 'Small', product_line: 'Classic Cars', count: 300 },
  { deal_size: 'Small', product_line: 'Trains', count: 100 },
  { deal_size: 'Large', product_line: 'Trains', count: 0 },
]);
const input = (fd: object = formData, queriesData = [server]) => ({ formData: fd as typeof formData, queriesData, width: 600, height: 400 });

describe('graph_chart', () => {
  it('buildQuery: source, target and categories as columns, the metric, as the incumbent queries them', () => {
    expect(graphPlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['deal_size', 'product_line'], metrics: ['count'], row_limit: 10000 }]);
    const categorised = graphPlugin.buildQuery({ ...formData, source_category: 'country', target_category: 'status' }).queries[0];
    expect(categorised.columns).toEqual(['deal_size', 'product_line', 'country', 'status']);
    expect(() => graphPlugin.buildQuery({ ...formData, metric: null })).toThrow('Metric cannot be empty');
    expect(() => graphPlugin.transformProps(input({ ...formData, source: undefined }))).toThrow('Source cannot be empty');
    expect(() => graphPlugin.transformProps(input({ ...formData, target: 'region' }))).toThrow('Column "region" is not in the query result');
  });

  it('transformProps: a node per value with its total, edges without value left out, sizes from the base sizes', () => {
    const props = graphPlugin.transformProps(input());
    expect(props.nodes.map((n) => [n.name, n.column, n.total])).toEqual([['Medium', 'deal_size', 500], ['Classic Cars', 'product_line', 800], ['Small', 'deal_size', 400], ['Trains', 'product_line', 100]]);
    // Diameters from 10 (the smallest total) to 50 (the largest), baseNodeSize 20.
    expect(props.nodes.map((n) => n.radius * 2)).toEqual([expect.closeTo(10 + 40 * (400 / 700)), 50, expect.closeTo(10 + 40 * (300 / 700)), 10]);
    expect(props.nodes.every((n) => n.color === '#1FA8C9' && n.category === null)).toBe(true);
    expect(props.edges.map((e) => [e.source, e.target, e.value])).toEqual([[0, 1, 500], [2, 1, 300], [2, 3, 100]]);
    expect(props.edges[1].tooltip).toBe('Small > Classic Cars\ncount: 300');
    expect(props.layout).toBe('circular');
    expect(props.edgeSymbols).toEqual(['none', 'arrow']);
    expect(props.categories).toEqual([]);
  });

  it('transformProps: categories colour the nodes and fill the legend', () => {
    const categorised = result([
      { deal_size: 'Medium', product_line: 'Classic Cars', count: 5, dept: 'Sales', kind: true },
      { deal_size: 'Small', product_line: 'Trains', count: 1, dept: 'Ops', kind: false },
    ]);
    const props = graphPlugin.transformProps(input({ ...formData, source_category: 'dept', target_category: 'kind', legendSort: 'asc' }, [categorised]));
    expect(props.nodes.map((n) => n.category)).toEqual(['Sales', 'kind: true', 'Ops', 'kind: false']);
    expect(props.categories.map((c) => c.name)).toEqual(['kind: false', 'kind: true', 'Ops', 'Sales']);
    expect(props.nodes[0].color).toBe(props.categories.find((c) => c.name === 'Sales')?.color);
  });

  it('sizes and symbols: the incumbent scaling and edge symbol parsing', () => {
    expect(nodeSizes([1, 3, 5], 20)).toEqual([10, 30, 50]);
    expect(edgeWidths([1, 2, 5], 3)).toEqual([1.5, 1.5, 6]);
    expect(nodeSizes([4, 4], 20)).toEqual([10, 10]);
    expect(parseEdgeSymbols('circle,arrow')).toEqual(['circle', 'arrow']);
    expect(parseEdgeSymbols('bogus')).toEqual(['none', 'none']);
  });

  it('layout: a bounded force simulation and a circle, both fitted into the box', () => {
    const points = forceLayout(4, [{ source: 0, target: 1 }, { source: 1, target: 2 }, { source: 2, target: 3 }], { edgeLength: 400, repulsion: 1000, gravity: 0.3, friction: 0.2 });
    expect(points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
    // Without repulsion two nodes tied to the same two hubs meet; the collision pass keeps their circles apart.
    const twins = forceLayout(4, [{ source: 0, target: 1 }, { source: 0, target: 2 }, { source: 3, target: 1 }, { source: 3, target: 2 }], { edgeLength: 100, repulsion: 0, gravity: 0.3, friction: 0.2 }, [20, 20, 20, 20]);
    const [, a, b] = fitToBox(twins, { left: 0, top: 0, width: 400, height: 400 });
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(40);
    const fitted = fitToBox(points, { left: 10, top: 10, width: 300, height: 200 });
    expect(Math.min(...fitted.map((p) => p.x))).toBeGreaterThanOrEqual(10 - 1e-9);
    expect(Math.max(...fitted.map((p) => p.y))).toBeLessThanOrEqual(210 + 1e-9);
    const circle = circularLayout(4);
    expect(circle[1].x).toBeCloseTo(1);
    expect(circle[1].y).toBeCloseTo(0);
    expect(fitToBox([{ x: -1, y: 0 }, { x: 1, y: 0 }], { left: 0, top: 0, width: 100, height: 50 })).toEqual([{ x: 0, y: 25 }, { x: 100, y: 25 }]);
  });

  it('labels: one that would overlap the label of a bigger node is left out', () => {
    const label = (text: string, x: number, y: number, weight: number) => ({ text, x, y, anchor: 'start' as const, baseline: 'middle' as const, weight });
    expect(visibleGraphLabels([label('Small', 5, 2, 1), label('Big', 0, 0, 9), label('Apart', 0, 40, 1)], 12)).toEqual(new Set([1, 2]));
  });

  it('edge shape: ends on the node rims, an arrow head at the target', () => {
    const shape = edgeShape({ x: 0, y: 0 }, 5, { x: 100, y: 0 }, 5, ['none', 'arrow'], 6);
    const [sx, sy] = shape.path.slice(1).split(/[Q ]/)[0].split(',').map(Number);
    expect(Math.hypot(sx, sy)).toBeCloseTo(5, 1);
    const [tx, ty] = shape.symbols.slice(1).split('L')[0].split(',').map(Number);
    expect(Math.hypot(100 - tx, ty)).toBeCloseTo(5, 1);
    expect(shape.symbols.endsWith('Z')).toBe(true);
    expect(edgeShape({ x: 0, y: 0 }, 5, { x: 4, y: 0 }, 5, ['none', 'arrow'], 6).path).toBe('');
  });

  it('render: circles, labels and edges with arrows; hover fades what is not adjacent; nodes cross filter on a dashboard', async () => {
    const selections: unknown[] = [];
    const props = { ...graphPlugin.transformProps(input()), onCrossFilter: (s: unknown) => selections.push(s) };
    const { el, chart } = await mount(graphPlugin, props);
    const nodes = [...el.querySelectorAll<SVGCircleElement>('circle.bi-graph-node')];
    expect(nodes.length).toBe(4);
    expect(el.querySelectorAll('g.bi-graph-edge').length).toBe(3);
    expect(el.querySelectorAll('g.bi-graph-edge path').length).toBe(6);
    expect([...el.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(['Medium', 'Classic Cars', 'Small', 'Trains']);
    nodes[3].dispatchEvent(new MouseEvent('mouseenter'));
    const root = el.querySelector('svg')!;
    expect(root.classList.contains('bi-graph--focus')).toBe(true);
    // Trains is adjacent to Small only: Medium and Classic Cars fade.
    expect([...root.querySelectorAll('.bi-graph-label.bi-graph-adjacent')].map((t) => t.textContent)).toEqual(['Small', 'Trains']);
    expect(root.querySelectorAll('.bi-graph-edge.bi-graph-adjacent').length).toBe(1);
    nodes[3].dispatchEvent(new MouseEvent('mouseleave'));
    expect(root.classList.contains('bi-graph--focus')).toBe(false);
    nodes[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(selections).toEqual([{ column: 'product_line', values: ['Classic Cars'] }]);
    expect(el.querySelector('.bi-legend')).toBeNull();
    chart.destroy();
  });

  it('render: the category legend hides a category\'s nodes and their edges (uncategorised nodes stay)', async () => {
    const categorised = result([
      { deal_size: 'Medium', product_line: 'Classic Cars', count: 5, dept: 'Sales' },
      { deal_size: 'Small', product_line: 'Trains', count: 1, dept: 'Ops' },
    ]);
    const { el, chart, redrawn } = await mount(graphPlugin, graphPlugin.transformProps(input({ ...formData, layout: 'force', source_category: 'dept' }, [categorised])));
    const buttons = [...el.querySelectorAll<HTMLButtonElement>('.bi-legend button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Sales', 'Ops']);
    const next = redrawn();
    buttons[0].click();
    await next;
    expect([...el.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(['Classic Cars', 'Small', 'Trains']);
    expect(el.querySelectorAll('g.bi-graph-edge').length).toBe(1);
    chart.destroy();
  });

  it('render: the legend as saved: legendType scroll keeps one line, legendOrientation places it; Explore offers both', async () => {
    const categorised = result([
      { deal_size: 'Medium', product_line: 'Classic Cars', count: 5, dept: 'Sales' },
      { deal_size: 'Small', product_line: 'Trains', count: 1, dept: 'Ops' },
    ]);
    const top = graphPlugin.transformProps(input({ ...formData, source_category: 'dept' }, [categorised]));
    expect([top.legendType, top.legendOrientation]).toEqual(['scroll', 'top']);
    const first = await mount(graphPlugin, top);
    const legend = first.el.querySelector<HTMLElement>('.bi-legend')!;
    expect([legend.style.flexWrap, legend.style.overflowX]).toEqual(['nowrap', 'auto']);
    expect(legend.nextElementSibling!.querySelector('svg')).not.toBeNull();
    first.chart.destroy();
    const right = await mount(graphPlugin, graphPlugin.transformProps(input({ ...formData, source_category: 'dept', legendType: 'plain', legendOrientation: 'right' }, [categorised])));
    const side = right.el.querySelector<HTMLElement>('.bi-legend')!;
    expect(side.previousElementSibling!.querySelector('svg')).not.toBeNull();
    expect(side.parentElement!.style.flexDirection).toBe('row');
    expect(side.style.overflow).toBe('auto');
    right.chart.destroy();
    const none = await mount(graphPlugin, graphPlugin.transformProps(input({ ...formData, source_category: 'dept', show_legend: false }, [categorised])));
    expect(none.el.querySelector('.bi-legend')).toBeNull();
    none.chart.destroy();
    expect(getControlDefaults(getControlPanel('graph_chart'))).toMatchObject({ show_legend: true, legendType: 'scroll', legendOrientation: 'top' });
  });

  it('roam: the wheel zooms around the pointer, a drag pans and swallows its click', async () => {
    expect(parseRoam(true)).toBe('both');
    expect(parseRoam('move')).toBe('move');
    expect(parseRoam(false)).toBe('none');
    expect(zoomAt({ k: 1, x: 0, y: 0 }, 2, 100, 50)).toEqual({ k: 2, x: -100, y: -50 });
    expect(zoomAt({ k: 6, x: 0, y: 0 }, 2, 0, 0).k).toBe(8);
    const selections: unknown[] = [];
    const props = { ...graphPlugin.transformProps(input()), onCrossFilter: (s: unknown) => selections.push(s) };
    expect(props.roam).toBe('both');
    const { el, chart } = await mount(graphPlugin, props);
    const root = el.querySelector('svg')!;
    const view = () => el.querySelector('g.bi-graph-view')!.getAttribute('transform');
    expect(view()).toBe('translate(0.0,0.0) scale(1.000)');
    root.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: 0, clientY: 0, cancelable: true }));
    expect(view()).toMatch(/^translate\(0\.0,0\.0\) scale\(1\.221\)$/);
    const node = el.querySelector('circle.bi-graph-node')!;
    node.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: 10, clientY: 10, buttons: 1 }));
    node.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 40, clientY: 30, buttons: 1 }));
    node.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, clientX: 40, clientY: 30 }));
    node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(view()).toBe('translate(30.0,20.0) scale(1.221)');
    expect(selections).toEqual([]);
    node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(selections).toHaveLength(1);
    chart.destroy();
  });

  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(graphPlugin, graphPlugin.transformProps(input(formData, [result([], ['deal_size', 'product_line', 'count'])])));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
