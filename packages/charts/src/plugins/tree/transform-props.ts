/** Chart-data response -> the tree (built from id/parent rows), its layout settings and tooltips. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { buildTree, type TreeDraft } from './build-tree';
import type { TreeLabelPosition, TreeNodeDatum, TreeOrient, TreeProps, TreeSymbol } from './types';

const ORIENTS: readonly TreeOrient[] = ['LR', 'RL', 'TB', 'BT'];
const POSITIONS: readonly TreeLabelPosition[] = ['top', 'bottom', 'left', 'right'];
const SYMBOLS: readonly TreeSymbol[] = ['emptyCircle', 'circle', 'rect', 'roundRect', 'triangle', 'diamond', 'none'];

/** `value` when it is one of `allowed`, else `fallback`. */
function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Tooltips along the tree: the path from the root and, where the node has one, the metric. */
function withTooltips(draft: TreeDraft, metric: string, ancestors: string[] = []): TreeNodeDatum {
  const path = [...ancestors, draft.name];
  return {
    ...draft,
    tooltip: `${path.join(' ▸ ')}${draft.value !== null ? `\n${metric}: ${draft.value}` : ''}`,
    children: draft.children.map((c) => withTooltips(c, metric, path)),
  };
}

/**
 * @example
 * transformTreeProps({ formData: { id: 'id', parent: 'parent', name: 'name', root_node_id: '1', metric: 'count', layout: 'radial' }, queriesData, width: 600, height: 400 }).root?.name; // 'USA'
 */
export function transformTreeProps(input: TransformPropsInput): TreeProps {
  const fd = input.formData;
  const id = getColumnLabel(requireControl<QueryFormColumn>(fd, 'id', 'Id'));
  const parent = getColumnLabel(requireControl<QueryFormColumn>(fd, 'parent', 'Parent'));
  const name = fd.name ? getColumnLabel(fd.name as QueryFormColumn) : id;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  requireResultColumns(input.queriesData[0], [id, parent, name, metric]);
  const rows = getRecords(input.queriesData).map((r) => ({
    id: String(r[id]),
    parent: r[parent] === null || r[parent] === undefined ? null : String(r[parent]),
    name: formatLabel(r[name]),
    value: toNumberOrNull(r[metric]),
  }));
  const rootId = fd.root_node_id === null || fd.root_node_id === undefined || fd.root_node_id === '' ? null : String(fd.root_node_id);
  const draft = buildTree(rows, rootId);
  // Rows but no tree: say why rather than draw nothing (zero rows draw the shared empty state instead).
  if (!draft && rows.length) {
    throw new Error(rootId === null ? `No root node: no ${parent} value has exactly one child` : `Root node id ${rootId} is not among the values of ${id}`);
  }
  const scale = chartColorScale(input);
  const depth = toNumberOrNull(fd.initialTreeDepth);
  return {
    ...baseProps(input, `Tree of ${metric} by ${name}${draft ? ` from ${draft.name}` : ''}`),
    root: draft ? withTooltips(draft, metric) : null,
    layout: fd.layout === 'radial' ? 'radial' : 'orthogonal',
    orient: oneOf(fd.orient, ORIENTS, 'LR'),
    symbol: oneOf(fd.symbol, SYMBOLS, 'emptyCircle'),
    symbolSize: toNumberOrNull(fd.symbolSize) ?? 7,
    nodeLabelPosition: oneOf(fd.node_label_position, POSITIONS, 'left'),
    childLabelPosition: oneOf(fd.child_label_position, POSITIONS, 'bottom'),
    // ECharts opens two levels below the root unless told otherwise.
    initialTreeDepth: depth === null ? 2 : depth,
    color: scale.colors[0] ?? '#1FA8C9',
  };
}
