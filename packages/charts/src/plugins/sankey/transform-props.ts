/** Chart-data response -> Sankey nodes (one per distinct value) and links with colours and tooltips. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { formatPercent, getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { findLoop } from './cycle';
import type { SankeyLinkDatum, SankeyNodeDatum, SankeyProps } from './types';

/** The incumbent formats Sankey values with two decimals (it has no format control for them). */
const VALUE_FORMAT = ',.2f';

interface RawLink {
  source: number;
  target: number;
  value: number;
}

/** Nodes by name in first-seen order, with the column and raw value each was first seen with. */
function collectNodes(records: Array<Record<string, unknown>>, source: string, target: string, metric: string) {
  const index = new Map<string, number>();
  const nodes: Array<{ name: string; column: string; value: unknown }> = [];
  const nodeOf = (column: string, value: unknown) => {
    const name = formatLabel(value);
    let i = index.get(name);
    if (i === undefined) {
      i = nodes.push({ name, column, value }) - 1;
      index.set(name, i);
    }
    return i;
  };
  const links: RawLink[] = records.map((r) => ({ source: nodeOf(source, r[source]), target: nodeOf(target, r[target]), value: toNumberOrNull(r[metric]) ?? 0 }));
  return { nodes, links };
}

/** Each node's value: the larger of what flows in and what flows out (the incumbent's node total). */
function nodeTotals(count: number, links: RawLink[]): number[] {
  const inflow = new Array<number>(count).fill(0);
  const outflow = new Array<number>(count).fill(0);
  for (const l of links) {
    outflow[l.source] += l.value;
    inflow[l.target] += l.value;
  }
  return inflow.map((v, i) => Math.max(v, outflow[i]));
}

/**
 * @example
 * transformSankeyProps({ formData: { source: 'product_line', target: 'deal_size', metric: 'count', ... }, queriesData, width: 600, height: 400 }).links[0].tooltip;
 * // 'Classic Cars > Medium\ncount: 1,200.00\n% (Classic Cars): 60.00%\n% (Medium): 40.00%'
 */
export function transformSankeyProps(input: TransformPropsInput): SankeyProps {
  const fd = input.formData;
  const source = getColumnLabel(requireControl<QueryFormColumn>(fd, 'source', 'Source'));
  const target = getColumnLabel(requireControl<QueryFormColumn>(fd, 'target', 'Target'));
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  requireResultColumns(input.queriesData[0], [source, target, metric]);
  const { nodes: found, links: raw } = collectNodes(getRecords(input.queriesData), source, target, metric);
  const loop = findLoop(found.length, raw);
  if (loop) throw new Error(`The Sankey has a loop (${loop.map((i) => found[i].name).join(' → ')}): its links must never lead back to a node`);
  const fmt = getNumberFormatter(VALUE_FORMAT);
  const scale = chartColorScale(input);
  const totals = nodeTotals(found.length, raw);
  const nodes: SankeyNodeDatum[] = found.map((n, i) => ({ ...n, color: scale.getColor(n.name), tooltip: `${n.name}\n${metric}: ${fmt.format(totals[i])}` }));
  const links: SankeyLinkDatum[] = raw.map((l) => {
    const [from, to] = [nodes[l.source].name, nodes[l.target].name];
    const share = (node: number) => formatPercent(totals[node] ? l.value / totals[node] : 0);
    return { ...l, tooltip: `${from} > ${to}\n${metric}: ${fmt.format(l.value)}\n% (${from}): ${share(l.source)}\n% (${to}): ${share(l.target)}` };
  });
  return {
    ...baseProps(input, `Sankey diagram of ${metric} from ${source} to ${target}: ${links.length} flows between ${nodes.length} nodes`),
    nodes,
    links,
  };
}
