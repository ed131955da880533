/** Types of the Sankey diagram. */
import type { BaseChartProps } from '../../shared/mount';

/** One node: a value of the source or the target column. */
export interface SankeyNodeDatum {
  /** Display name (also the node's identity: one name, one node, as in the incumbent). */
  name: string;
  /** Column the node's value was first seen in (what a click on it cross filters). */
  column: string;
  /** The raw value in that column (what a cross filter selects). */
  value: unknown;
  color: string;
  /** Tooltip: the name and the larger of its incoming and outgoing totals. */
  tooltip: string;
}

/** One link: source -> target with the metric's value. */
export interface SankeyLinkDatum {
  /** Indices into the nodes. */
  source: number;
  target: number;
  value: number;
  /** Tooltip: the metric and the link's share of each end's total. */
  tooltip: string;
}

/** Render props of the Sankey diagram. */
export interface SankeyProps extends BaseChartProps {
  nodes: SankeyNodeDatum[];
  links: SankeyLinkDatum[];
}
