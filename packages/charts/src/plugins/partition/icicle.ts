/**
 * A metric's tree -> the icicle's nodes, the incumbent's partition layout: siblings ordered by value
 * (time stamps latest first), pruned by partition_threshold and partition_limit, each node's height its
 * weight's share of its parent's, one column per level. Weights are the absolute values, 1 for time
 * stamps with equal_date_size, log(1 + w) with log_scale. The d3-hierarchy tree carries the nesting.
 */
import { hierarchy, type HierarchyNode } from 'd3-hierarchy';
import type { NodeTip } from '../hierarchy-common/node-tooltip';
import type { PartitionDatum } from './nest';
import type { IcicleNode } from './types';

/** Options of layoutIcicle. */
export interface IcicleOptions {
  /** Formats a value. */
  formatNumber(value: number): string;
  /** Formats a time stamp's name. */
  formatTime(value: unknown): string;
  /** Formats any other name (null -> '<NULL>'). */
  formatName(value: unknown): string;
  colorOf(name: string): string;
  /** Column label of each level below the metric (and the date level). */
  levels: string[];
  hasTime: boolean;
  equalDateSize: boolean;
  logScale: boolean;
  /** Most children a node keeps (0 or less: all). */
  partitionLimit: number;
  /** Smallest share of its parent a child keeps (0 or less: all). */
  partitionThreshold: number;
  richTooltip: boolean;
}

interface Info {
  name: string;
  disp: string;
  weight: number;
  key: number | string;
  sum: number;
}

type Node = HierarchyNode<PartitionDatum>;

/**
 * @example
 * layoutIcicle({ name: 'count', val: 5, children: [{ name: 'EU', val: 2, children: [] }, { name: 'US', val: 3, children: [] }] }, options)
 *   .map((n) => [n.name, n.x, n.dx]); // [['count', 0, 1], ['US', 0, 0.6], ['EU', 0.6, 0.4]]
 */
export function layoutIcicle(datum: PartitionDatum, o: IcicleOptions): IcicleNode[] {
  const root = hierarchy(datum, (d) => (d.children.length ? d.children : undefined));
  const info = new Map<Node, Info>();
  root.eachAfter((n) => {
    const val = n.data.val;
    const abs = val === null ? 0 : Math.abs(val);
    let weight = abs;
    let key: number | string = abs;
    let name: string;
    if (n.data.isDate) {
      weight = o.equalDateSize ? 1 : abs;
      key = typeof n.data.name === 'number' ? n.data.name : String(n.data.name);
      name = o.formatTime(n.data.name);
    } else name = n.depth === 0 ? String(n.data.name) : o.formatName(n.data.name);
    if (o.logScale) weight = Math.log(weight + 1);
    const disp = val !== null && val !== 0 && Number.isFinite(val) ? o.formatNumber(val) : '';
    info.set(n, { name, disp, weight, key, sum: 1 });
  });
  const I = (n: Node) => info.get(n)!;
  root.sort((a, b) => {
    const ka = I(a).key;
    const kb = I(b).key;
    const v = typeof ka === 'number' && typeof kb === 'number' ? kb - ka : String(kb).localeCompare(String(ka));
    return v || (I(b).name > I(a).name ? 1 : -1);
  });
  const hasDates = (n: Node) => Boolean(n.children?.[0]?.data.isDate);
  const weights = (n: Node) => (n.children ?? []).reduce((s, c) => s + I(c).weight, 0) || 1;
  if (o.partitionThreshold > 0) {
    root.each((n) => {
      if (!n.children) return;
      const total = weights(n);
      if (hasDates(n)) {
        if (o.equalDateSize) return;
        n.children = n.children.filter((c, j) => j === 0 || I(c).weight / total >= o.partitionThreshold);
      } else {
        let j = 1;
        while (j < n.children.length && I(n.children[j]).weight / total >= o.partitionThreshold) j += 1;
        n.children = n.children.slice(0, j);
      }
    });
  }
  if (o.partitionLimit > 0) {
    root.each((n) => {
      if (n.children && n.children.length > o.partitionLimit && !hasDates(n)) n.children = n.children.slice(0, o.partitionLimit);
    });
  }
  root.eachAfter((n) => {
    I(n).sum = weights(n);
  });
  const dy = 1 / (root.height + 1);
  const category = (depth: number) => (depth === 0 ? 'Metric' : o.hasTime && depth === 1 ? 'Date' : (o.levels[depth - (o.hasTime ? 2 : 1)] ?? ''));
  const out: IcicleNode[] = [];
  const indexOf = new Map<Node, number>();
  const nextX = new Map<Node, number>();
  root.each((n) => {
    const i = I(n);
    const parent = n.parent;
    let x = 0;
    let dx = 1;
    if (parent) {
      const p = out[indexOf.get(parent)!];
      x = nextX.get(parent) ?? p.x;
      dx = (i.weight / I(parent).sum) * p.dx;
      nextX.set(parent, x + dx);
    }
    indexOf.set(n, out.length);
    out.push({ parent: parent ? indexOf.get(parent)! : -1, depth: n.depth, name: i.name, disp: i.disp, color: o.colorOf(i.name), x, dx, y: n.depth * dy, dy, leaf: !n.children?.length, category: category(n.depth), tip: { title: '', lines: [] } });
  });
  for (const node of out) node.tip = tipOf(out, node, o.richTooltip);
  return out;
}

/** The tooltip: the node's level, name and value, or (rich) every level from the metric down to it. */
function tipOf(nodes: IcicleNode[], node: IcicleNode, rich: boolean): NodeTip {
  if (!rich) return { title: node.category, lines: [{ color: node.color, label: node.name, value: node.disp }] };
  const chain: IcicleNode[] = [];
  for (let n: IcicleNode | undefined = node; n; n = n.parent >= 0 ? nodes[n.parent] : undefined) chain.unshift(n);
  return { title: node.name, lines: chain.map((n) => ({ color: n.color, label: n.category, value: n.disp ? `${n.name} ${n.disp}` : n.name })) };
}
