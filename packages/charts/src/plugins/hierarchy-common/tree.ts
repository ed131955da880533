/**
 * Grouped chart-data records -> a nested tree, the shape the hierarchy charts (treemap, sunburst,
 * partition) lay out with d3-hierarchy. One pass over the records with a Map per node: 10k leaves build in
 * a few milliseconds, and the d3 node objects are made once per chart, not per draw.
 */
import { formatLabel, getColumnLabel, type QueryFormColumn } from '@lumen-bi/core';
import { hierarchy, type HierarchyNode } from 'd3-hierarchy';
import type { ChartDataResponseResult } from '@lumen-bi/core';
import { getColnames, toNumberOrNull } from '../../shared/records';
import { getNumberFormatter, getTimeFormatter } from '../../shared/format';

/** A node of the tree before layout. */
export interface TreeDatum {
  /** Display name (formatted: temporal levels with the date format, null as '<NULL>'). */
  name: string;
  /** The metric summed over the records of this node (leaves) or its leaves (parents, set by d3's sum). */
  value: number;
  /** The secondary metric, summed the same way (0 without one). */
  secondary: number;
  /** Raw values of the hierarchy's columns from the top level down to this node (what a cross filter sends). */
  path: unknown[];
  /** Display names from the top level down to this node. */
  names: string[];
  /** Index of the hierarchy level (column) of this node; -1 for the root. */
  level: number;
  children?: TreeDatum[];
}

/** A laid-out-able node: d3's node over a TreeDatum. */
export type TreeNode = HierarchyNode<TreeDatum>;

/** Options of buildTree. */
export interface BuildTreeOptions {
  /** Column labels of the hierarchy, top level first. */
  levels: string[];
  metric: string;
  secondaryMetric?: string;
  /** Name of the root (the metric's label, as the incumbent names it). */
  rootName: string;
  /** Formats a level's raw value; formatLabel (null -> '<NULL>') when absent. */
  nameOf?: (level: number, value: unknown) => string;
}

/** A stable key for a raw value: 1 and '1' are different members, null is its own. */
const keyOf = (v: unknown): string => (v === null || v === undefined ? '\u0000null' : typeof v === 'string' ? `s${v}` : `${typeof v}${String(v)}`);

/**
 * The tree of `records` grouped by `levels` (the records' order is kept among siblings until d3 sorts).
 * Leaf values are the metric's values summed per path; negative and missing values count as 0 for area
 * (an area cannot be negative) but are kept in `TreeDatum.value` sums of the leaves they belong to.
 *
 * @example
 * buildTree([{ year: 2004, line: 'Cars', count: 3 }, { year: 2004, line: 'Ships', count: 1 }], { levels: ['year', 'line'], metric: 'count', rootName: 'count' })
 *   .children[0]; // { name: '2004', value: 0, path: [2004], names: ['2004'], level: 0, children: [{ name: 'Cars', value: 3, path: [2004, 'Cars'], ... }, ...] }
 */
export function buildTree(records: ReadonlyArray<Record<string, unknown>>, options: BuildTreeOptions): TreeDatum {
  const { levels, metric, secondaryMetric } = options;
  const nameOf = options.nameOf ?? ((_: number, v: unknown) => formatLabel(v));
  const root: TreeDatum = { name: options.rootName, value: 0, secondary: 0, path: [], names: [], level: -1, children: [] };
  const index = new Map<TreeDatum, Map<string, TreeDatum>>();
  for (const r of records) {
    let node = root;
    for (let l = 0; l < levels.length; l++) {
      const raw = r[levels[l]];
      let kids = index.get(node);
      if (!kids) index.set(node, (kids = new Map()));
      const key = keyOf(raw);
      let child = kids.get(key);
      if (!child) {
        const name = nameOf(l, raw);
        child = { name, value: 0, secondary: 0, path: [...node.path, raw], names: [...node.names, name], level: l };
        if (l < levels.length - 1) child.children = [];
        kids.set(key, child);
        node.children!.push(child);
      }
      node = child;
    }
    node.value += toNumberOrNull(r[metric]) ?? 0;
    if (secondaryMetric) node.secondary += toNumberOrNull(r[secondaryMetric]) ?? 0;
  }
  return root;
}

/**
 * d3's hierarchy over a built tree: every node's `value` is the sum of its leaves' (non-negative) values,
 * the datum's `value`/`secondary` are summed up to the parents too, and siblings are sorted by value,
 * largest first (the incumbent's treemap and sunburst order).
 *
 * @example
 * const root = toHierarchy(buildTree(records, options));
 * root.value; // the total
 */
export function toHierarchy(tree: TreeDatum, sort = true): TreeNode {
  const root = hierarchy(tree, (d) => d.children).sum((d) => (d.children?.length ? 0 : Math.max(0, d.value)));
  root.eachAfter((n) => {
    if (!n.children?.length) return;
    let value = 0;
    let secondary = 0;
    for (const c of n.children) {
      value += c.data.value;
      secondary += c.data.secondary;
    }
    n.data.value = value;
    n.data.secondary = secondary;
  });
  if (sort) root.sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  return root;
}

/**
 * The hierarchy's column labels from form data: `columns` (the sunburst's hierarchy control) else
 * `groupby` (treemap, partition).
 *
 * @example
 * hierarchyColumns({ columns: ['year', 'product_line'] }); // ['year', 'product_line']
 */
export function hierarchyColumns(fd: { columns?: unknown; groupby?: unknown }, key: 'columns' | 'groupby'): QueryFormColumn[] {
  const raw = fd[key] ?? (key === 'columns' ? fd.groupby : undefined);
  const list = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]) as QueryFormColumn[];
  return list.filter((c) => typeof c === 'string' ? c !== '' : Boolean(c));
}

/** Labels of columns. */
export const columnLabels = (columns: QueryFormColumn[]): string[] => columns.map(getColumnLabel);

/**
 * A namer for buildTree: temporal levels (coltype 2 in the response) with `dateFormat`, numbers as they are,
 * null as '<NULL>'.
 *
 * @example
 * const nameOf = levelNamer(result, ['order_date'], 'smart_date');
 * nameOf(0, Date.UTC(2004, 0, 1)); // '2004'
 */
export function levelNamer(result: ChartDataResponseResult | undefined, levels: string[], dateFormat: unknown): (level: number, value: unknown) => string {
  const colnames = getColnames(result);
  const temporal = levels.map((l) => result?.coltypes?.[colnames.indexOf(l)] === 2);
  const timeFmt = getTimeFormatter(dateFormat);
  return (level, value) => (temporal[level] && typeof value === 'number' ? timeFmt.format(value) : formatLabel(value));
}

/** Whether any level is temporal in the response (a time bucket cannot be cross-filtered by equality). */
export function hasTemporalLevel(result: ChartDataResponseResult | undefined, levels: string[]): boolean {
  const colnames = getColnames(result);
  return levels.some((l) => result?.coltypes?.[colnames.indexOf(l)] === 2);
}

/** What a label shows: the incumbent's label types ('key', 'value', 'key_value'; 'Key' as its treemap panel saves it). */
export function nodeLabel(labelType: unknown, name: string, formattedValue: string): string {
  const type = String(labelType ?? 'key').toLowerCase();
  if (type === 'value') return formattedValue;
  if (type === 'key_value') return `${name}: ${formattedValue}`;
  return name;
}

/** The number formatter of a hierarchy chart (number_format, SMART_NUMBER by default). */
export const valueFormatter = (format: unknown) => getNumberFormatter(format);
