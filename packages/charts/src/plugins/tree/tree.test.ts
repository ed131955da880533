import { describe, expect, it } from 'vitest';
import { BASE_QUERY, mount, result } from '../svg-common/test-support';
import { buildTree } from './build-tree';
import { treePlugin } from './index';
import { initiallyCollapsed, layoutTree } from './layout';
import { treeSymbol } from './symbols';
import type { TreeNodeDatum } from './types';

// Featured Charts/Tree.yaml
const formData = {
  datasource: '8__table', viz_type: 'tree_chart', id: 'id', parent: 'parent', name: 'name', root_node_id: '1', metric: 'count', adhoc_filters: [], row_limit: 1000,
  layout: 'radial', node_label_position: 'top', child_label_position: 'top', symbol: 'emptyCircle', symbolSize: 7, roam: false, extra_form_data: {}, dashboards: [],
};
// The rows of the examples' hierarchical_dataset.
const ROWS: Array<[number, number | null, string, number]> = [
  [1, null, 'USA', 1], [2, 1, 'CA', 10], [3, 1, 'NY', 15], [4, 1, 'TX', 20], [5, 1, 'FL', 12], [6, 2, 'Los Angeles', 5],
  [7, 2, 'San Francisco', 8], [8, 3, 'New York City', 18], [9, 3, 'Buffalo', 3], [10, 4, 'Houston', 14], [11, 4, 'Dallas', 9], [12, 5, 'Miami', 6],
];
const server = result(ROWS.map(([id, parent, name, count]) => ({ id, parent, name, count })));
const input = (fd: object = formData, queriesData = [server]) => ({ formData: fd as typeof formData, queriesData, width: 600, height: 400 });
const names = (n: TreeNodeDatum): unknown => (n.children.length ? { [n.name]: n.children.map(names) } : n.name);

describe('tree_chart', () => {
  it('buildQuery: id, parent and name as columns with the metric, as the incumbent queries them', () => {
    expect(treePlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, filters: [], columns: ['id', 'parent', 'name'], metrics: ['count'], row_limit: 1000 }]);
    expect(() => treePlugin.buildQuery({ ...formData, parent: undefined })).toThrow('Parent cannot be empty');
    expect(() => treePlugin.buildQuery({ ...formData, metric: '' })).toThrow('Metric cannot be empty');
  });

  it('transformProps: the tree from the root id, tooltips with the path and the metric, the saved layout', () => {
    const props = treePlugin.transformProps(input());
    expect(names(props.root!)).toEqual({ USA: [{ CA: ['Los Angeles', 'San Francisco'] }, { NY: ['New York City', 'Buffalo'] }, { TX: ['Houston', 'Dallas'] }, { FL: ['Miami'] }] });
    expect(props.root!.value).toBeNull();
    expect(props.root!.children[0].children[1].tooltip).toBe('USA ▸ CA ▸ San Francisco\ncount: 8');
    expect([props.layout, props.nodeLabelPosition, props.childLabelPosition, props.symbol, props.symbolSize, props.initialTreeDepth]).toEqual(['radial', 'top', 'top', 'emptyCircle', 7, 2]);
    expect(props.color).toBe('#1FA8C9');
  });

  it('transformProps: without a root id the largest tree under an only child; a wrong root or column is an error', () => {
    expect(treePlugin.transformProps(input({ ...formData, root_node_id: undefined })).root!.name).toBe('USA');
    expect(treePlugin.transformProps(input({ ...formData, root_node_id: 3 })).root!.children.map((c) => c.name)).toEqual(['New York City', 'Buffalo']);
    expect(() => treePlugin.transformProps(input({ ...formData, root_node_id: '99' }))).toThrow('Root node id 99 is not among the values of id');
    expect(() => treePlugin.transformProps(input({ ...formData, name: 'label' }))).toThrow('Column "label" is not in the query result');
  });

  it('buildTree: a loop in the rows cannot make an endless tree', () => {
    const tree = buildTree([{ id: 'a', parent: null, name: 'A', value: 1 }, { id: 'b', parent: 'a', name: 'B', value: 1 }, { id: 'a', parent: 'b', name: 'A again', value: 1 }], 'a');
    expect(tree?.children.map((c) => c.name)).toEqual(['B']);
    expect(tree?.children[0].children).toEqual([]);
  });

  it('layout: left to right puts the root at the left margin and leaves at the right; depth folds', () => {
    const root = treePlugin.transformProps(input()).root!;
    const g = layoutTree(root, { layout: 'orthogonal', orient: 'LR', width: 400, height: 300, margin: { x: 40, y: 10 }, collapsed: new Set() });
    expect(g.nodes[0].x).toBe(40);
    expect(Math.max(...g.nodes.map((n) => n.x))).toBe(360);
    expect(g.links).toHaveLength(11);
    expect(initiallyCollapsed(root, 1)).toEqual(new Set(['2', '3', '4', '5']));
    expect(initiallyCollapsed(root, -1).size).toBe(0);
    const folded = layoutTree(root, { layout: 'radial', orient: 'LR', width: 400, height: 400, margin: { x: 40, y: 40 }, collapsed: new Set(['2']) });
    expect(folded.nodes).toHaveLength(10);
    expect(folded.nodes.find((n) => n.node.key === '2')?.collapsed).toBe(true);
    expect(treeSymbol('diamond', 10, 10, 8, { color: '#1FA8C9', background: '#fff', filled: true })?.getAttribute('d')).toBe('M10,6L14,10L10,14L6,10Z');
  });

  it('render: a symbol and a label per node, links, folding by click and keyboard', async () => {
    const { el, chart, redrawn } = await mount(treePlugin, treePlugin.transformProps(input({ ...formData, initialTreeDepth: 1 })));
    const labels = () => [...el.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(labels()).toEqual(['USA', 'CA', 'NY', 'TX', 'FL']);
    const ca = el.querySelectorAll<SVGElement>('.bi-tree-node')[1];
    expect(ca.getAttribute('aria-expanded')).toBe('false');
    expect(ca.getAttribute('fill')).toBe('#1FA8C9');
    let next = redrawn();
    ca.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await next;
    expect(labels()).toContain('San Francisco');
    expect(el.querySelectorAll('svg path').length).toBe(6);
    next = redrawn();
    el.querySelectorAll<SVGElement>('.bi-tree-node')[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await next;
    expect(labels()).not.toContain('San Francisco');
    chart.destroy();
  });

  it('render: centred leaf labels are cut to the room between neighbouring leaves', async () => {
    const { el, chart } = await mount(treePlugin, { ...treePlugin.transformProps(input({ ...formData, layout: 'orthogonal', orient: 'TB', child_label_position: 'bottom' })) });
    const leaves = [...el.querySelectorAll('svg text')].map((t) => t.textContent ?? '').filter((t) => !['USA', 'CA', 'NY', 'TX', 'FL'].includes(t));
    expect(leaves).toHaveLength(7);
    expect(leaves.some((t) => t.endsWith('…'))).toBe(true);
    expect(leaves).toContain('Miami');
    chart.destroy();
  });

  it('render: zero rows show the shared empty state', async () => {
    const { el, chart } = await mount(treePlugin, treePlugin.transformProps(input(formData, [result([], ['id', 'parent', 'name', 'count'])])));
    expect(el.querySelector('.bi-empty-state')?.textContent).toContain('No results');
    chart.destroy();
  });
});
