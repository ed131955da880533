/** Chart-data response -> the sunburst's hierarchy, colours (categorical or by a metric ratio), labels and tooltips. */
import { getColumnLabel, getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { sequentialColor } from '../../colors/schemes';
import { formatPercent } from '../../shared/format';
import { getRecords } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { NodeTip } from '../hierarchy-common/node-tooltip';
import { buildTree, columnLabels, hasTemporalLevel, hierarchyColumns, levelNamer, nodeLabel, toHierarchy, valueFormatter, type TreeNode } from '../hierarchy-common/tree';
import type { SunburstProps } from './types';

/**
 * Colour domain of the secondary/primary ratio over every node, from 0 (the incumbent's
 * getLinearDomain starts both ends at 0).
 *
 * @example
 * ratioDomain([0.2, 1.5, -0.1]); // [-0.1, 1.5]
 */
export function ratioDomain(ratios: number[]): [number, number] {
  let min = 0;
  let max = 0;
  for (const r of ratios) {
    if (!Number.isFinite(r)) continue;
    if (r < min) min = r;
    if (r > max) max = r;
  }
  return [min, max];
}

/**
 * Colours: by the node's name from the categorical scheme, or, with a secondary metric other than the
 * primary one, by secondary/primary on the linear scheme. Labels are shown on nodes of at least
 * show_labels_threshold percent of the total (the incumbent's minimum label angle).
 *
 * @example
 * transformSunburstProps({ formData: { ..., columns: ['year', 'product_line'], metric: 'count', show_labels: true }, queriesData, width, height }).labels[1]; // '2004'
 */
export function transformSunburstProps(input: TransformPropsInput): SunburstProps {
  const fd = input.formData;
  const columns = hierarchyColumns(fd, 'columns');
  requireControl({ columns }, 'columns', 'Hierarchy');
  const levels = columnLabels(columns);
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const secondary = fd.secondary_metric ? getMetricLabel(fd.secondary_metric as QueryFormMetric) : undefined;
  const byRatio = secondary !== undefined && secondary !== metric;
  const result = input.queriesData[0];
  requireResultColumns(result, [...levels, metric, ...(byRatio ? [secondary!] : [])]);
  const fmt = valueFormatter(fd.number_format);
  const tree = buildTree(getRecords(input.queriesData), { levels, metric, secondaryMetric: byRatio ? secondary : undefined, rootName: metric, nameOf: levelNamer(result, levels, fd.date_format) });
  const root = toHierarchy(tree);
  const nodes = root.descendants();
  const total = root.data.value;
  const ratio = (n: TreeNode) => n.data.secondary / n.data.value;
  let colors: string[];
  if (byRatio) {
    const [lo, hi] = ratioDomain(nodes.map(ratio));
    const scheme = String(fd.linear_color_scheme ?? 'superset_seq_1');
    colors = nodes.map((n) => sequentialColor(scheme, hi === lo ? 0.5 : (ratio(n) - lo) / (hi - lo)));
  } else {
    const scale = chartColorScale(input);
    // The incumbent takes the metric's colour first (its "base colour"), so the rings start from the next one.
    scale.getColor(metric);
    colors = nodes.map((n) => (n.depth === 0 ? 'transparent' : scale.getColor(n.data.name)));
  }
  const threshold = Math.max(0, Number(fd.show_labels_threshold ?? 5) || 0) / 100;
  const showLabels = fd.show_labels === true;
  const labels = nodes.map((n) =>
    n.depth > 0 && showLabels && total > 0 && (n.value ?? 0) / (root.value || 1) >= threshold ? nodeLabel(fd.label_type ?? 'key', n.data.name, fmt.format(n.data.value)) : '',
  );
  const tipOf = (i: number): NodeTip => {
    const n = nodes[i];
    const lines = [{ label: 'Share of total', value: formatPercent(total ? n.data.value / total : 0) }];
    if (n.parent && n.depth > 1) lines.push({ label: 'Share of parent', value: formatPercent(n.parent.data.value ? n.data.value / n.parent.data.value : 0) });
    lines.push({ label: metric, value: fmt.format(n.data.value) });
    if (byRatio) {
      lines.push({ label: secondary!, value: fmt.format(n.data.secondary) });
      lines.push({ label: `${metric}/${secondary}`, value: formatPercent(n.data.secondary / n.data.value) });
    }
    return { title: n.depth === 0 ? metric : n.data.names.join(' ▸ '), lines: lines.map((l, k) => (k === 0 ? { ...l, color: colors[i] } : l)) };
  };
  const top = (root.children ?? []).slice(0, 10).map((c) => `${c.data.name} ${formatPercent(total ? c.data.value / total : 0)}`);
  const more = (root.children?.length ?? 0) > top.length ? ', …' : '';
  const plain = columns.every((c) => typeof c === 'string') && !hasTemporalLevel(result, levels);
  return {
    ...baseProps(input, `Sunburst of ${metric} by ${levels.join(', ')}: ${top.join(', ')}${more}`),
    root,
    levels: levels.length,
    colors,
    labels,
    tipOf,
    totalLabel: fd.show_total ? `Total: ${fmt.format(total)}` : '',
    crossFilterColumns: plain ? columns.map((c) => getColumnLabel(c)) : null,
  };
}
