/** Chart-data response -> the treemap's hierarchy, colours, labels and tooltips. */
import { getColumnLabel, getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { formatPercent } from '../../shared/format';
import { getRecords } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { siblingShade } from '../hierarchy-common/color';
import { buildTree, columnLabels, hasTemporalLevel, hierarchyColumns, levelNamer, nodeLabel, toHierarchy, valueFormatter } from '../hierarchy-common/tree';
import type { NodeTip } from '../hierarchy-common/node-tooltip';
import type { TreemapProps } from './types';

const GOLDEN = (1 + Math.sqrt(5)) / 2;

/**
 * Colours as the incumbent's treemap gives them: the root takes the metric's colour and every parent its
 * own name's colour from the categorical scale; leaves are shades of their parent's colour (saturation
 * 70% for the largest sibling down to 40%). A one-level treemap is therefore shades of one hue.
 *
 * @example
 * transformTreemapProps({ formData: { ..., groupby: ['year', 'product_line'], metric: 'count' }, queriesData, width, height }).labelOf(1); // '2004: 1.2k'
 */
export function transformTreemapProps(input: TransformPropsInput): TreemapProps {
  const fd = input.formData;
  const columns = hierarchyColumns(fd, 'groupby');
  const levels = columnLabels(columns);
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const result = input.queriesData[0];
  requireResultColumns(result, [...levels, metric]);
  const fmt = valueFormatter(fd.number_format);
  const tree = buildTree(getRecords(input.queriesData), { levels, metric, rootName: metric, nameOf: levelNamer(result, levels, fd.date_format) });
  const root = toHierarchy(tree);
  const scale = chartColorScale(input);
  const nodes = root.descendants();
  const index = new Map(nodes.map((n, i) => [n, i]));
  const colors: string[] = new Array(nodes.length);
  colors[0] = scale.getColor(metric);
  // Parents share the scheme's few colours, so leaf shades repeat: each (colour, rank, siblings) is made once.
  const shades = new Map<string, string>();
  const shade = (color: string, i: number, n: number) => {
    const key = `${color}|${i}|${n}`;
    let c = shades.get(key);
    if (c === undefined) shades.set(key, (c = siblingShade(color, i, n)));
    return c;
  };
  for (const n of nodes) {
    if (!n.children) continue;
    const own = colors[index.get(n)!];
    n.children.forEach((c, i) => {
      colors[index.get(c)!] = c.children ? scale.getColor(c.data.name) : shade(own, i, n.children!.length);
    });
  }
  const total = root.value ?? 0;
  const labelOf = (i: number) => (i === 0 ? '' : nodeLabel(fd.label_type ?? 'key_value', nodes[i].data.name, fmt.format(nodes[i].data.value)));
  const tipOf = (i: number): NodeTip => {
    const n = nodes[i];
    const parent = n.parent?.value;
    const share = parent ? ` (${formatPercent((n.value ?? 0) / parent)})` : '';
    return { title: n.depth === 0 ? metric : n.data.names.join(' ▸ '), lines: [{ color: colors[i], label: metric, value: `${fmt.format(n.data.value)}${share}` }] };
  };
  const top = (root.children ?? []).slice(0, 10).map((c) => `${c.data.name} ${fmt.format(c.data.value)}`);
  const more = (root.children?.length ?? 0) > top.length ? ', …' : '';
  const plain = columns.every((c) => typeof c === 'string') && !hasTemporalLevel(result, levels);
  return {
    ...baseProps(input, `Treemap of ${metric}${levels.length ? ` by ${levels.join(', ')}` : ''}: ${top.join(', ') || fmt.format(total)}${more}`),
    root,
    colors,
    labelOf,
    tipOf,
    showLabels: fd.show_labels !== false,
    showUpperLabels: fd.show_upper_labels !== false,
    ratio: Number(fd.treemap_ratio) > 0 ? Number(fd.treemap_ratio) : GOLDEN,
    crossFilterColumns: plain && columns.length ? columns.map((c) => getColumnLabel(c)) : null,
  };
}
