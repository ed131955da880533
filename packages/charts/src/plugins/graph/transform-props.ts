/** Chart-data response -> graph nodes (one per distinct value), edges, categories, sizes and tooltips. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { parseRoam } from './roam';
import { edgeWidths, nodeSizes } from './sizes';
import type { EdgeSymbol, GraphEdgeDatum, GraphNodeDatum, GraphProps } from './types';

/** A number control of the form data, its default when unset or not a number. */
function numberControl(value: unknown, fallback: number): number {
  const n = toNumberOrNull(value);
  return n === null ? fallback : n;
}

/**
 * The edge-end symbols of an `edgeSymbol` value such as 'none,arrow'; anything unknown is 'none'.
 *
 * @example
 * parseEdgeSymbols('circle,arrow'); // ['circle', 'arrow']
 */
export function parseEdgeSymbols(value: unknown): [EdgeSymbol, EdgeSymbol] {
  const known = (s: string | undefined): EdgeSymbol => (s === 'circle' || s === 'arrow' ? s : 'none');
  const [start, end] = String(value ?? '').split(',');
  return [known(start), known(end)];
}

/** The category of a value of a category column (booleans are named with their column, as the incumbent does). */
function categoryName(column: string, value: unknown): string {
  if (typeof value === 'boolean') return `${column}: ${value}`;
  return value === null || value === undefined ? 'N/A' : String(value);
}

interface NodeDraft {
  name: string;
  column: string;
  value: unknown;
  total: number;
  category: string | null;
}

/**
 * @example
 * transformGraphProps({ formData: { source: 'deal_size', target: 'product_line', metric: 'count', layout: 'circular', ... }, queriesData, width: 600, height: 400 }).nodes.length;
 */
export function transformGraphProps(input: TransformPropsInput): GraphProps {
  const fd = input.formData;
  const source = getColumnLabel(requireControl<QueryFormColumn>(fd, 'source', 'Source'));
  const target = getColumnLabel(requireControl<QueryFormColumn>(fd, 'target', 'Target'));
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const sourceCategory = fd.source_category ? getColumnLabel(fd.source_category as QueryFormColumn) : null;
  const targetCategory = fd.target_category ? getColumnLabel(fd.target_category as QueryFormColumn) : null;
  requireResultColumns(input.queriesData[0], [source, target, metric, ...(sourceCategory ? [sourceCategory] : []), ...(targetCategory ? [targetCategory] : [])]);

  const drafts: NodeDraft[] = [];
  const index = new Map<string, number>();
  const nodeOf = (column: string, value: unknown, category: string | null) => {
    const name = formatLabel(value);
    let i = index.get(name);
    if (i === undefined) {
      i = drafts.push({ name, column, value, total: 0, category: null }) - 1;
      index.set(name, i);
    }
    // A node seen first without a category takes the first one it is seen with.
    if (category !== null && drafts[i].category === null) drafts[i].category = category;
    return i;
  };
  const links: Array<{ source: number; target: number; value: number }> = [];
  for (const r of getRecords(input.queriesData)) {
    const value = toNumberOrNull(r[metric]);
    // The incumbent leaves out rows without a value (null or 0): an edge of nothing.
    if (!value) continue;
    const s = nodeOf(source, r[source], sourceCategory ? categoryName(sourceCategory, r[sourceCategory]) : null);
    const t = nodeOf(target, r[target], targetCategory ? categoryName(targetCategory, r[targetCategory]) : null);
    drafts[s].total += value;
    drafts[t].total += value;
    links.push({ source: s, target: t, value });
  }

  const scale = chartColorScale(input);
  // Nodes without a category take the scheme's first colour (not a label's: no legend entry names them).
  const uncategorised = scale.colors[0];
  const colorOf = (category: string | null) => (category === null ? uncategorised : scale.getColor(category));
  const sizes = nodeSizes(drafts.map((d) => d.total), numberControl(fd.baseNodeSize, 20));
  const widths = edgeWidths(links.map((l) => l.value), numberControl(fd.baseEdgeWidth, 3));
  const threshold = numberControl(fd.showSymbolThreshold, 0);
  const nodes: GraphNodeDatum[] = drafts.map((d, i) => ({
    ...d,
    color: colorOf(d.category),
    radius: sizes[i] / 2,
    showLabel: threshold ? d.total > threshold : true,
    tooltip: `${d.name}: ${d.total}`,
  }));
  const edges: GraphEdgeDatum[] = links.map((l, i) => ({
    ...l,
    color: nodes[l.source].color,
    width: widths[i],
    tooltip: `${nodes[l.source].name} > ${nodes[l.target].name}\n${metric}: ${l.value}`,
  }));
  const categoryNames = [...new Set(nodes.map((n) => n.category).filter((c): c is string => c !== null))];
  const sort = fd.legendSort;
  if (sort === 'asc' || sort === 'desc') categoryNames.sort((a, b) => (sort === 'asc' ? a.localeCompare(b) : b.localeCompare(a)));
  return {
    ...baseProps(input, `Graph of ${metric} between ${source} and ${target}: ${nodes.length} nodes, ${edges.length} edges`),
    nodes,
    edges,
    categories: categoryNames.map((name) => ({ name, color: scale.getColor(name) })),
    showLegend: fd.show_legend !== false,
    legendType: fd.legendType === 'plain' ? 'plain' : 'scroll',
    legendOrientation: typeof fd.legendOrientation === 'string' ? fd.legendOrientation : 'top',
    layout: fd.layout === 'circular' ? 'circular' : 'force',
    forces: {
      edgeLength: numberControl(fd.edgeLength, 400),
      repulsion: numberControl(fd.repulsion, 1000),
      gravity: numberControl(fd.gravity, 0.3),
      friction: numberControl(fd.friction, 0.2),
    },
    edgeSymbols: parseEdgeSymbols(fd.edgeSymbol ?? 'none,arrow'),
    roam: parseRoam(fd.roam ?? true),
  };
}
